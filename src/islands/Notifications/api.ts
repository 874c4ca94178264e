/**
 * The notifications panel's calls (registry `bellNotifications`, `updateBellNotifications`): each
 * change is shown at once through the store and undone if the server refuses it; the server's
 * count then wins, so the bell and the panel always show what the server holds.
 */
import { createApiClient } from '~/lib/api-client/client';
import {
  dismiss,
  markAllRead,
  markRead,
  replaceNotifications,
  setUnread,
  type BellItem,
} from '~/stores/notifications';
import type { IslandSite } from '~/lib/sites/island';

export type Change = { action: 'read' | 'dismiss'; id: number } | { action: 'readAll' };

export function notificationsApi(site: IslandSite, lang: string) {
  const api = createApiClient({ site, lang });
  return {
    /** Applies a change at once, then sends it; false (and undone) when it failed. */
    async change(change: Change): Promise<boolean> {
      const undo =
        change.action === 'readAll'
          ? markAllRead()
          : change.action === 'read'
            ? markRead(change.id)
            : dismiss(change.id);
      const res = await api.call<{ unread: number }>('updateBellNotifications', { body: change });
      if (res.ok) setUnread(res.data.unread);
      else undo();
      return res.ok;
    },
    async refresh(limit: number): Promise<boolean> {
      const res = await api.call<{ items: BellItem[]; unread: number }>('bellNotifications', {
        query: { limit },
      });
      if (res.ok) replaceNotifications(res.data.items, res.data.unread);
      return res.ok;
    },
  };
}
