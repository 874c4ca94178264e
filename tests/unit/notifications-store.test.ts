/**
 * The notifications store the header bell and the dashboard's panel share: seeding from the page,
 * marking read, dismissing and marking all read change the list and the count together, undo
 * puts back what was there, and counted texts follow each language's plural rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { countText, pluralTemplates } from '~/lib/i18n/plural';
import { getT, type Translate } from '~/lib/i18n';
import {
  $notifications,
  dismiss,
  markAllRead,
  markRead,
  replaceNotifications,
  resetNotifications,
  seedNotifications,
  setUnread,
  type BellItem,
} from '~/stores/notifications';

const item = (id: number, unread: boolean): BellItem => ({
  id,
  text: `Notification ${id}`,
  href: `/seeker/notifications?open=${id}`,
  unread,
});

beforeEach(() => resetNotifications());

describe('notifications store', () => {
  it('is seeded once: the first island wins, a later one only adds the list', () => {
    seedNotifications(4);
    expect($notifications.get()).toEqual({ seeded: true, items: null, unread: 4 });
    seedNotifications(9, [item(1, true)]);
    expect($notifications.get()).toEqual({ seeded: true, items: [item(1, true)], unread: 4 });
    seedNotifications(1, []);
    expect($notifications.get().items).toEqual([item(1, true)]);
  });

  it('marks one read: the count drops once, a read one changes nothing', () => {
    seedNotifications(2, [item(1, true), item(2, true), item(3, false)]);
    markRead(2);
    expect($notifications.get().unread).toBe(1);
    expect($notifications.get().items!.map((n) => n.unread)).toEqual([true, false, false]);
    markRead(2);
    markRead(3);
    markRead(99);
    expect($notifications.get().unread).toBe(1);
  });

  it('dismisses one: gone from the list, and from the count only when it was unread', () => {
    seedNotifications(1, [item(1, true), item(2, false)]);
    dismiss(2);
    expect($notifications.get()).toMatchObject({ items: [item(1, true)], unread: 1 });
    dismiss(1);
    expect($notifications.get()).toMatchObject({ items: [], unread: 0 });
  });

  it('marks all read, and undo puts the list and count back', () => {
    seedNotifications(2, [item(1, true), item(2, true)]);
    const undo = markAllRead();
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().items!.every((n) => !n.unread)).toBe(true);
    undo();
    expect($notifications.get()).toMatchObject({
      unread: 2,
      items: [item(1, true), item(2, true)],
    });
    const undoDismiss = dismiss(1);
    undoDismiss();
    expect($notifications.get().items).toHaveLength(2);
  });

  it("takes the server's list and count, never a negative or broken count", () => {
    seedNotifications(3, [item(1, true)]);
    replaceNotifications([item(5, false)], 0);
    expect($notifications.get()).toEqual({ seeded: true, items: [item(5, false)], unread: 0 });
    setUnread(-2);
    expect($notifications.get().unread).toBe(0);
    setUnread(Number.NaN);
    expect($notifications.get().unread).toBe(0);
    setUnread(7);
    expect($notifications.get().unread).toBe(7);
  });
});

describe('counted texts for islands', () => {
  it('give the same text the server renders, for any count, in en, hi and ar', () => {
    for (const lang of ['en', 'hi', 'ar'] as const) {
      const t = getT(lang) as unknown as Translate;
      const templates = pluralTemplates(t, 'alerts:bell.unread', lang);
      for (const n of [0, 1, 2, 3, 11, 100, 101]) {
        expect(countText(templates, lang, n), `${lang} ${n}`).toBe(
          t('alerts:bell.unread', { count: n }),
        );
      }
    }
  });
});
