/**
 * The seeker's bell notifications (SPEC §7 "bell notifications", sent with credentials; path
 * chosen in the middleware/<name> shape): the dashboard's panel reads and changes them in place.
 * Opening one still goes through /seeker/notifications?open=<id> ("and their redirect"). Only the
 * caller's own notifications are read or changed. Guests: 401.
 *
 *   GET ?limit=5 → data: { items: [{ id, text, href, unread }], unread }
 *   POST { action: 'read' | 'dismiss', id } or { action: 'readAll' } → data: { unread }
 *        (404 when the notification is not the caller's or is gone)
 */
import * as v from 'valibot';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { bellItems } from '~/server/alerts/http';
import {
  dismissNotification,
  listNotifications,
  markAllRead,
  markNotificationRead,
  unreadCount,
} from '~/server/alerts/notifications';
import {
  endpoint,
  HttpError,
  INVALID_REQUEST,
  ok,
  parseBody,
  parseQuery,
} from '~/server/api/envelope';

export const prerender = false;

const Query = v.object(
  {
    limit: v.optional(
      v.pipe(
        v.string(INVALID_REQUEST),
        v.regex(/^\d{1,2}$/, INVALID_REQUEST),
        v.transform(Number),
        v.minValue(1, INVALID_REQUEST),
        v.maxValue(50, INVALID_REQUEST),
      ),
    ),
  },
  INVALID_REQUEST,
);

// One message for every wrong shape: it is among the translated texts (server/api/language.ts).
const Id = v.pipe(
  v.number(INVALID_REQUEST),
  v.integer(INVALID_REQUEST),
  v.minValue(1, INVALID_REQUEST),
);
const Body = v.variant(
  'action',
  [
    v.object({ action: v.literal('read', INVALID_REQUEST), id: Id }, INVALID_REQUEST),
    v.object({ action: v.literal('dismiss', INVALID_REQUEST), id: Id }, INVALID_REQUEST),
    v.object({ action: v.literal('readAll', INVALID_REQUEST) }, INVALID_REQUEST),
  ],
  INVALID_REQUEST,
);

export const GET = endpoint(async (context) => {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const query = await parseQuery(Query, context.url);
  const list = await listNotifications(user.id, query.limit ?? 5);
  return ok({ items: bellItems(list, t, context.locals.lang), unread: await unreadCount(user.id) });
});

export const POST = endpoint(async (context) => {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const body = await parseBody(Body, context.request);
  if (body.action === 'readAll') await markAllRead(user.id);
  else {
    const done =
      body.action === 'read'
        ? await markNotificationRead(user.id, body.id)
        : await dismissNotification(user.id, body.id);
    if (!done) throw new HttpError(404, t('alerts:bell.gone'));
  }
  return ok({ unread: await unreadCount(user.id) });
});
