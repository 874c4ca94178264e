/**
 * The employer system reports what recruiters did with a seeker's profile (SPEC §1: recruiters
 * only view profiles): a view, or an appearance in a recruiter's search results. Server to server:
 * `Authorization: Bearer <PROFILE_EVENTS_TOKEN>`; no session, no Origin (exempt from the CSRF
 * check, the token is the proof). Unset token: every call is refused.
 *
 *   POST { email | userId, kind: 'view' | 'appearance', viewer?, at? } → { recorded: true }
 *   POST { email | userId, kind: 'application_viewed', jobId } → bell notification (404 when the
 *        seeker did not apply to that job)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { EMAIL_RE } from '~/lib/validation/formats';
import { recordApplicationViewed, recordProfileEvent } from '~/server/alerts/engagement';
import { endpoint, HttpError, ok, parseBody } from '~/server/api/envelope';
import { config } from '~/server/config';

export const prerender = false;

const Body = v.pipe(
  v.object({
    userId: v.optional(v.pipe(v.string(), v.uuid('userId must be a UUID'))),
    email: v.optional(v.pipe(v.string(), v.trim(), v.regex(EMAIL_RE, 'email is not valid'))),
    kind: v.picklist(
      ['view', 'appearance', 'application_viewed'],
      'kind must be view, appearance or application_viewed',
    ),
    /** application_viewed: the job whose application was opened. */
    jobId: v.optional(v.pipe(v.number('jobId must be a number'), v.integer(), v.minValue(1))),
    viewer: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
    at: v.optional(v.pipe(v.string(), v.isoTimestamp('at must be an ISO timestamp'))),
  }),
  v.check((b) => Boolean(b.userId || b.email), 'userId or email is required'),
  v.check((b) => b.kind !== 'application_viewed' || b.jobId !== undefined, 'jobId is required'),
);

const digest = (s: string) => createHash('sha256').update(s).digest();

function authorised(header: string | null): boolean {
  const expected = config.PROFILE_EVENTS_TOKEN;
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return Boolean(expected && given && timingSafeEqual(digest(given), digest(expected)));
}

export const POST = endpoint(async ({ request }) => {
  if (!authorised(request.headers.get('authorization'))) {
    throw new HttpError(401, 'A valid bearer token is required.');
  }
  const body = await parseBody(Body, request);
  const at = body.at ? new Date(body.at) : undefined;
  if (at && at.getTime() > Date.now() + 60_000) throw new HttpError(422, 'at is in the future');
  if (body.kind === 'application_viewed') {
    const who = body.userId ? { userId: body.userId } : { email: body.email as string };
    const rang = await recordApplicationViewed(who, body.jobId as number);
    if (!rang) throw new HttpError(404, 'No such application.');
    return ok({ recorded: true });
  }
  const recorded = await recordProfileEvent({
    userId: body.userId,
    email: body.email,
    kind: body.kind,
    viewer: body.viewer ?? null,
    at,
  });
  if (!recorded) throw new HttpError(404, 'No such seeker.');
  return ok({ recorded: true });
});
