/**
 * The header's bell: a link to the notifications with the unread count. Rendered on the server
 * with the count the page read; once hydrated (page idle, first use, or when the dashboard's
 * panel changes the notifications store and wakes it) it shows the store's count, so both agree.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { countText } from '~/lib/i18n/plural';
import { $notifications, seedNotifications } from '~/stores/notifications';
import type { BellProps } from './types';

export default function HeaderBell({ unread: initial, href, strings, lang }: BellProps) {
  const state = useStore($notifications);
  // The first render matches the server's HTML; the store takes over after mounting.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    seedNotifications(initial);
    setMounted(true);
  }, [initial]);
  const unread = mounted && state.seeded ? state.unread : initial;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <a
      className="header-bell"
      href={href}
      aria-label={unread > 0 ? countText(strings.linkUnread, lang, unread) : strings.link}
      data-unread={unread}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 && (
        <span className="header-bell-count" aria-hidden="true">
          {shown}
        </span>
      )}
    </a>
  );
}
