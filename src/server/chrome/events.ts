/**
 * Stores what the event calls of SPEC §7 receive (middleware/publish/events/user-engage,
 * middleware/publish/career-events, penguin/api/public/events/spltag/v1/publish) and A/B
 * exposures. The body is kept as sent, within limits checked by the endpoints' valibot schema.
 */
import * as v from 'valibot';
import { getDb, type Queryable } from '~/server/db/client';
import { trackingEvents, type TrackingEventKind } from '~/server/db/schema-chrome';

/** Largest event body we keep, in characters of its JSON. */
export const MAX_EVENT_JSON = 8_000;
/** Events one client address may send per minute, across the three calls. */
export const EVENTS_PER_MINUTE = { name: 'events:ip', limit: 120, windowSeconds: 60 } as const;

const scalar = v.union([v.string(), v.number(), v.boolean(), v.null()]);

/**
 * One event: a name and flat fields (the SPEC §3 payload and the event's own). Nested objects
 * one level deep are accepted (e.g. a user property), anything deeper is refused.
 */
export const EventBody = v.pipe(
  v.object({
    event: v.pipe(
      v.string('event must be a text'),
      v.trim(),
      v.minLength(1, 'event is required'),
      v.maxLength(80, 'event must be at most 80 characters'),
      v.regex(/^[A-Za-z0-9_.:-]+$/, 'event may contain letters, digits and _ . : - only'),
    ),
    data: v.optional(
      v.record(
        v.pipe(v.string(), v.maxLength(60)),
        v.union([scalar, v.record(v.pipe(v.string(), v.maxLength(60)), scalar)]),
      ),
      {},
    ),
  }),
  v.check(
    (body) => JSON.stringify(body.data).length <= MAX_EVENT_JSON,
    `The event is too large (at most ${MAX_EVENT_JSON} characters).`,
  ),
);
export type EventInput = v.InferOutput<typeof EventBody>;

export async function storeEvent(
  kind: TrackingEventKind,
  input: {
    name: string;
    siteContext: string;
    userId: string | null;
    payload: Record<string, unknown>;
  },
  db?: Queryable,
): Promise<number> {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .insert(trackingEvents)
    .values({
      kind,
      name: input.name,
      siteContext: input.siteContext,
      userId: input.userId,
      payload: input.payload,
    })
    .returning({ id: trackingEvents.id });
  return row!.id;
}
