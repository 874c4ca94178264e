/**
 * The seeker's bell notifications in the browser: the header bell and the dashboard's panel read
 * this one store, so marking one read in the panel drops the bell's count at once. Islands seed it
 * from their server-rendered props when they mount (never during render: on the server a module
 * store is shared by every request); whichever mounts first wins, the rest read what is there.
 *
 * Changes are applied at once (optimistic) and return an undo for when the server refuses.
 */
import { atom } from 'nanostores';

export interface BellItem {
  id: number;
  /** The notification's text in the page's language. */
  text: string;
  /** Opening it (marks it read on the server and redirects to where it leads). */
  href: string;
  unread: boolean;
}

export interface NotificationsState {
  /** False until an island has seeded it from the page. */
  seeded: boolean;
  /** The latest notifications; null when only the count is known (a page with just the bell). */
  items: BellItem[] | null;
  unread: number;
}

const EMPTY: NotificationsState = { seeded: false, items: null, unread: 0 };

export const $notifications = atom<NotificationsState>(EMPTY);

const count = (n: number) => (Number.isSafeInteger(n) && n > 0 ? n : 0);

/** First island to mount: the server's view of the page. A later seed adds items if missing. */
export function seedNotifications(unread: number, items: BellItem[] | null = null): void {
  const now = $notifications.get();
  if (!now.seeded) $notifications.set({ seeded: true, items, unread: count(unread) });
  else if (now.items === null && items !== null) $notifications.set({ ...now, items });
}

/** A fresh list and count from the server (refresh). */
export function replaceNotifications(items: BellItem[], unread: number): void {
  $notifications.set({ seeded: true, items, unread: count(unread) });
}

/** The server's count after a change, which wins over the local arithmetic. */
export function setUnread(unread: number): void {
  $notifications.set({ ...$notifications.get(), seeded: true, unread: count(unread) });
}

type Undo = () => void;

function change(next: NotificationsState): Undo {
  const before = $notifications.get();
  $notifications.set(next);
  return () => $notifications.set(before);
}

/** Marks one read; nothing changes (and the undo is a no-op) if it was read already. */
export function markRead(id: number): Undo {
  const now = $notifications.get();
  const item = now.items?.find((n) => n.id === id);
  if (!item?.unread) return () => {};
  return change({
    ...now,
    items: now.items!.map((n) => (n.id === id ? { ...n, unread: false } : n)),
    unread: count(now.unread - 1),
  });
}

/** Removes one from the list; an unread one also leaves the count. */
export function dismiss(id: number): Undo {
  const now = $notifications.get();
  const item = now.items?.find((n) => n.id === id);
  if (!item) return () => {};
  return change({
    ...now,
    items: now.items!.filter((n) => n.id !== id),
    unread: item.unread ? count(now.unread - 1) : now.unread,
  });
}

export function markAllRead(): Undo {
  const now = $notifications.get();
  return change({
    ...now,
    items: now.items?.map((n) => (n.unread ? { ...n, unread: false } : n)) ?? null,
    unread: 0,
  });
}

/** For tests and sign-out: forget everything. */
export function resetNotifications(): void {
  $notifications.set(EMPTY);
}
