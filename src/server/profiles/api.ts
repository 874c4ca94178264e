/**
 * Helpers of the profile API endpoints: the body as a plain object (JSON or a form), and running
 * a profile action for the logged-in caller in the envelope (401 for guests; own data only).
 */
import type { APIContext } from 'astro';
import { formToObject } from '~/lib/validation/account';
import {
  HttpError,
  MALFORMED_FORM,
  MALFORMED_JSON,
  UNSUPPORTED_BODY,
  cleanOrRefuse,
  ok,
} from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/api';
import { actionHttpError, runAction, type ProfileAction } from './web';

/** The request body as an object: JSON or urlencoded / multipart form. */
export async function readObjectBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new HttpError(400, MALFORMED_FORM);
    }
    return formToObject(form);
  }
  if (type === '' || type === 'application/json' || type.endsWith('+json')) {
    const text = await request.text();
    if (text.trim() === '') return {};
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, MALFORMED_JSON);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, MALFORMED_JSON);
    }
    return cleanOrRefuse(body, 422) as Record<string, unknown>;
  }
  throw new HttpError(415, UNSUPPORTED_BODY);
}

/**
 * Runs `action` for the session's user with the request body (`fixed` fields, e.g. the profile
 * id of the path, override the body's); answers `data` (or `result()`).
 */
export async function actionResponse(
  context: APIContext,
  action: ProfileAction,
  result?: (userId: string) => Promise<unknown>,
  fixed: Record<string, unknown> = {},
): Promise<Response> {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const body = { ...(await readObjectBody(context.request)), ...fixed };
  const outcome = await runAction(action, user.id, body, context.locals.site.currency.code, t);
  if (!outcome.ok) throw actionHttpError(outcome);
  return ok(result ? await result(user.id) : outcome.data);
}
