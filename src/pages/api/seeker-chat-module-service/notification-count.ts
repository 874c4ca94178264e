/**
 * The seeker's unread count for the bell (SPEC §7 seeker-chat-module-service/notification-count,
 * sent with credentials). A guest has none: 0, so a header can ask on every page.
 *
 *   GET → data: { count }
 */
import { unreadCount } from '~/server/alerts/notifications';
import { endpoint, ok } from '~/server/api/envelope';

export const prerender = false;

export const GET = endpoint(async ({ locals }) =>
  ok({ count: locals.user ? await unreadCount(locals.user.id) : 0 }),
);
