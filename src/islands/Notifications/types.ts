/** Props of the notifications islands, all rendered on the server in the page's language. */
import type { PluralTemplates } from '~/lib/i18n/plural';
import type { BellItem } from '~/stores/notifications';
import type { IslandSite } from '~/lib/sites/island';

export interface BellProps {
  unread: number;
  href: string;
  strings: {
    /** The link's name without unread ones. */
    link: string;
    /** "Notifications: {{count}} unread" by plural category. */
    linkUnread: PluralTemplates;
  };
  lang: string;
}

export interface PanelProps {
  items: BellItem[];
  unread: number;
  site: IslandSite;
  lang: string;
  /** /seeker/notifications in the page's language: the forms' action and "All notifications". */
  notificationsPath: string;
  /** The dashboard's panel: refresh without JavaScript. */
  refreshHref: string;
  strings: {
    empty: string;
    unread: PluralTemplates;
    markRead: string;
    dismiss: string;
    markAll: string;
    refresh: string;
    seeAll: string;
    error: string;
  };
}
