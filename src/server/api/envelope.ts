/**
 * The server half of the API envelope convention (SPEC §7 "Response reading", §8). Every endpoint
 * under src/pages/api/** answers `{ success, error, status, errors, data }` through these helpers:
 *
 *   export const GET = endpoint(async ({ url }) => {
 *     const q = await parseQuery(SearchQuery, url);
 *     return ok(await search(q));
 *   });
 *
 * - `ok(data)`: 200, `{ success: true, error: '', status: 0, errors: [], data }`.
 * - `fail(http, error, errors?)`: `{ success: false, error, status, errors, data: null }` where
 *   status is 1 when there are field errors (the client then shows errors[0].message) and 0
 *   otherwise (the client shows `error`).
 * - Validation: query failures answer 400, body failures 422 (well-formed but invalid), malformed
 *   JSON 400, an unsupported body type 415; all with field errors named by their dotted path.
 * - `endpoint(handler)`: an `HttpError` answers its status and message; a valibot `ValiError`
 *   answers 422; anything else is logged server-side and answers 500 with SOMETHING_WENT_WRONG,
 *   never a stack trace or an internal message.
 * Every envelope carries `content-type: application/json; charset=utf-8` and
 * `cache-control: no-store`.
 */
import type { APIContext, APIRoute } from 'astro';
import * as v from 'valibot';
import type { ApiEnvelope, ApiFieldError } from '~/lib/api-client/client';
import { SOMETHING_WENT_WRONG } from '~/lib/api-client/messages';
import { TextTooLongError, cleanInput } from '~/lib/validation/clean';
import { issueMessage } from '~/lib/validation/issues';
import { readBodyChunks } from '~/server/http/body';
import { errorStatus } from '~/server/http/failure';
import { log } from '~/server/ops/logger';
import type { Translate } from '~/lib/i18n';
import { applyHeaderLanguage, inRequestLanguage } from './language';

export type FieldError = ApiFieldError;

/** Server-side texts that are not in the SPEC §8 catalogue. */
export const NOT_FOUND = 'Not found';
export const MALFORMED_JSON = 'The request body is not valid JSON.';
export const MALFORMED_FORM = 'The request body is not a valid form.';
export const UNSUPPORTED_BODY = 'The request body must be JSON or a form.';
export const INVALID_REQUEST = 'Please check the highlighted fields.';
export const INVALID_CHARACTERS = 'The request contains characters that cannot be accepted.';
export const BODY_TOO_LARGE = 'The request body is too large.';
export const METHOD_NOT_ALLOWED = 'This method is not allowed here.';
export const JSON_TOO_DEEP = 'The request body is nested too deeply.';

/** Largest form or JSON body; file uploads (multipart) have their own limits in their handlers. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of a JSON body: none of ours goes past a few levels. */
export const MAX_JSON_DEPTH = 32;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const;

function respond<T>(body: ApiEnvelope<T>, status: number, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify(body), { ...init, status, headers });
}

/** 200 (or init.status) with the data in a success envelope. */
export function ok<T>(data: T, init?: ResponseInit): Response {
  return respond<T>(
    { success: true, error: '', status: 0, errors: [], data },
    init?.status ?? 200,
    init,
  );
}

/** A failure envelope; status 1 when `errors` holds field errors, else 0. */
export function fail(
  httpStatus: number,
  error: string,
  errors: FieldError[] = [],
  init?: ResponseInit,
): Response {
  return respond<null>(
    { success: false, error, status: errors.length > 0 ? 1 : 0, errors, data: null },
    httpStatus,
    init,
  );
}

/**
 * Throw from a handler (or a service) to answer `status` with `message` (shown to the user, so
 * no internals). `errors` adds field errors; `headers` e.g. Retry-After on 503.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly headers: HeadersInit | undefined;
  constructor(status: number, message: string, errors: FieldError[] = [], headers?: HeadersInit) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/** Input validation failed; thrown by parseQuery (400) and parseBody (422). */
export class ValidationError extends HttpError {
  constructor(status: number, errors: FieldError[]) {
    super(status, errors[0]?.message ?? INVALID_REQUEST, errors);
    this.name = 'ValidationError';
  }
}

/**
 * valibot issues as field errors, the first issue per field (dotted path; '' for the root). A
 * check the schema gave no message for gets the field's own message (issueMessage), never
 * valibot's English.
 */
export function issuesToFieldErrors(
  issues: readonly v.BaseIssue<unknown>[],
  schema?: unknown,
): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issueMessage(issue, schema) });
  }
  return out;
}

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

interface SchemaNode {
  type?: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
}

/** The entry schemas of an object schema (through optional/nullable wrappers); {} otherwise. */
function objectEntries(schema: AnySchema): Record<string, SchemaNode> {
  let node = schema as unknown as SchemaNode;
  while (node.wrapped) node = node.wrapped;
  return node.entries ?? {};
}

/** True when the entry is an array schema, possibly optional/nullable/piped. */
function isArrayEntry(node: SchemaNode | undefined): boolean {
  let current = node;
  while (current?.wrapped) current = current.wrapped;
  return current?.type === 'array' || current?.type === 'tuple';
}

/** Splits comma-joined values (SPEC §7) and drops empty items. */
const splitList = (values: string[]): string[] =>
  values
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * Turns repeated keys into the input object: array fields take every value, comma-joined ones
 * split back; other fields take the first value. Files stay File objects.
 */
function collect(
  schema: AnySchema,
  keys: Iterable<string>,
  getAll: (key: string) => (string | File)[],
) {
  const entries = objectEntries(schema);
  const input: Record<string, unknown> = {};
  for (const key of new Set(keys)) {
    const values = getAll(key);
    if (isArrayEntry(entries[key])) {
      const strings = values.filter((value): value is string => typeof value === 'string');
      const files = values.filter((value): value is File => typeof value !== 'string');
      input[key] = [...splitList(strings), ...files];
    } else {
      input[key] = values[0];
    }
  }
  return input;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);

/**
 * valibot reports a missing required key as "Invalid key: Expected "x" but received undefined",
 * with the object's message, not the field's. Giving each missing key an explicit undefined makes
 * the field's own schema run, so its message ("Please Enter Mobile Number") is the one reported.
 * Skips exactOptional entries (which refuse an explicit undefined); recurses into nested objects.
 */
function fillMissingKeys(schema: SchemaNode, input: unknown): unknown {
  let node = schema;
  while (node.wrapped) node = node.wrapped;
  if (!node.entries || !isPlainObject(input)) return input;
  const out: Record<string, unknown> = { ...input };
  for (const [key, entry] of Object.entries(node.entries)) {
    if (!(key in out)) {
      if (entry.type !== 'exact_optional') out[key] = undefined;
    } else {
      out[key] = fillMissingKeys(entry, out[key]);
    }
  }
  return out;
}

/** cleanInput (no NUL, no lone surrogates) with an over-long text as a field error. */
export function cleanOrRefuse(input: unknown, httpStatus: number): unknown {
  try {
    return cleanInput(input);
  } catch (error) {
    if (error instanceof TextTooLongError) {
      throw new ValidationError(httpStatus, [{ field: error.field, message: error.message }]);
    }
    throw error;
  }
}

async function validate<S extends AnySchema>(schema: S, input: unknown, httpStatus: number) {
  const filled = fillMissingKeys(schema as unknown as SchemaNode, cleanOrRefuse(input, httpStatus));
  const result = await v.safeParseAsync(schema, filled, { abortPipeEarly: true });
  if (!result.success) {
    throw new ValidationError(httpStatus, issuesToFieldErrors(result.issues, schema));
  }
  return result.output as v.InferOutput<S>;
}

/**
 * Validates the query string. Values are strings (convert with e.g. `v.pipe(v.string(),
 * v.toNumber())`); array fields get the comma-joined values split back. Failure: 400.
 */
export async function parseQuery<S extends AnySchema>(
  schema: S,
  url: URL | string,
): Promise<v.InferOutput<S>> {
  const params = (typeof url === 'string' ? new URL(url, 'http://localhost') : url).searchParams;
  const input = collect(schema, params.keys(), (key) => params.getAll(key));
  return validate(schema, input, 400);
}

/** A body's media type, lower case, without parameters ('' when none is given). */
export function bodyType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether a body of this media type is a form (urlencoded or multipart). */
export const isFormType = (type: string) =>
  type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';

/** Whether a body of this media type is read as JSON (no content type counts as JSON). */
export const isJsonType = (type: string) =>
  type === '' || type === 'application/json' || type.endsWith('+json');

/** The form body; a malformed one is 400. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new HttpError(400, MALFORMED_FORM);
  }
}

/**
 * The JSON body, {} when empty. Bounded before parsing: over MAX_BODY_BYTES is 413 (also when no
 * Content-Length announced it), nesting deeper than MAX_JSON_DEPTH 400 (8,000 levels of `[`
 * overflowed the stack of the input cleaning); malformed JSON 400.
 */
export async function readJson(request: Request): Promise<unknown> {
  const { body } = await readBodyChunks(request, (total) => {
    if (total > MAX_BODY_BYTES) throw new HttpError(413, BODY_TOO_LARGE);
    return true;
  });
  const text = new TextDecoder().decode(body);
  if (text.trim() === '') return {};
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, JSON_TOO_DEEP);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, MALFORMED_JSON);
  }
}

/** Whether JSON text opens more than `max` arrays/objects inside each other (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Validates a JSON, urlencoded or multipart body (no content-type: read as JSON). An empty body
 * counts as {}. Malformed JSON or form: 400; another content type (text/plain included): 415; validation failure: 422. For JSON, a string given for an array
 * field is split on commas too.
 */
export async function parseBody<S extends AnySchema>(
  schema: S,
  request: Request,
): Promise<v.InferOutput<S>> {
  const type = bodyType(request);
  let input: unknown;
  if (isFormType(type)) {
    const form = await readFormData(request);
    input = collect(schema, form.keys(), (key) => form.getAll(key));
  } else if (isJsonType(type)) {
    input = await readJson(request);
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
      const entries = objectEntries(schema);
      const record = { ...(input as Record<string, unknown>) };
      for (const [key, value] of Object.entries(record)) {
        if (typeof value === 'string' && isArrayEntry(entries[key]))
          record[key] = splitList([value]);
      }
      input = record;
    }
  } else {
    throw new HttpError(415, UNSUPPORTED_BODY);
  }
  return validate(schema, input, 422);
}

/** An error no handler turned into a message: logged; 400 when the input was at fault, else 500. */
function failureResponse(
  error: unknown,
  context: APIContext,
  say: (text: string) => string,
): Response {
  const status = errorStatus(error);
  log[status >= 500 ? 'error' : 'warn'](
    { err: error, method: context.request.method, route: context.routePattern, status },
    'endpoint failed',
  );
  return fail(status, say(status >= 500 ? SOMETHING_WENT_WRONG : INVALID_CHARACTERS));
}

/** Wraps an endpoint handler so every failure answers in the envelope (see the module doc). */
export function endpoint<C extends APIContext = APIContext>(
  handler: (context: C) => Response | Promise<Response>,
): APIRoute {
  return async (context) => {
    applyHeaderLanguage(context);
    // Every message of a refusal in the request's language, whichever path it took.
    // (Unit tests call handlers without locals.)
    const t = context.locals?.t as Translate | undefined;
    const say = (text: string) => (t ? inRequestLanguage(t, text) : text);
    const refuse = (status: number, message: string, errors: FieldError[], init?: ResponseInit) =>
      fail(
        status,
        say(message),
        errors.map((e) => ({ ...e, message: say(e.message) })),
        init,
      );
    try {
      return await handler(context as C);
    } catch (error) {
      if (error instanceof HttpError) {
        return refuse(
          error.status,
          error.message,
          error.errors,
          error.headers ? { headers: error.headers } : undefined,
        );
      }
      if (error instanceof TextTooLongError) {
        return refuse(422, error.message, [{ field: error.field, message: error.message }]);
      }
      if (v.isValiError(error)) {
        const errors = issuesToFieldErrors(error.issues);
        return refuse(422, errors[0]?.message ?? INVALID_REQUEST, errors);
      }
      return failureResponse(error, context, say);
    }
  };
}
