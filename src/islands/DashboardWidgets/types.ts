/** Props of the dashboard widgets, all rendered on the server in the page's language. */
import type { PluralTemplates } from '~/lib/i18n/plural';
import type { ProfileItem, ScoreBandKey } from '~/lib/profile/score';
import type { Lang } from '~/lib/sites/schema';
import type { IslandSite } from '~/lib/sites/island';

export interface ScoreProps {
  score: number;
  bandKey: ScoreBandKey;
  pending: { item: ProfileItem; gain: number }[];
  maxActions: number;
  /** Where each pending action is done, with the language prefix. */
  hrefs: Partial<Record<ProfileItem, string>>;
  /** The dashboard itself: refresh without JavaScript. */
  selfHref: string;
  site: IslandSite;
  lang: Lang;
  strings: {
    title: string;
    pending: string;
    complete: string;
    refresh: string;
    error: string;
    /** "Profile score {{score}}, {{band}}". */
    summary: string;
    bands: Record<ScoreBandKey, string>;
    actions: Partial<Record<ProfileItem, string>>;
  };
}

export interface ViewsSeries {
  days: 30 | 90;
  total: number;
  series: { day: string; count: number }[];
  from: string;
  to: string;
}

export interface ViewsProps {
  views: ViewsSeries;
  /** The dashboard with ?views=<other>: the toggle without JavaScript. */
  otherHref: string;
  detailsHref: string;
  site: IslandSite;
  lang: string;
  strings: {
    lastDays: PluralTemplates;
    /** "Profile views per day, last {{count}} days". */
    viewsLabel: PluralTemplates;
    noViews: string;
    details: string;
    error: string;
  };
}

export interface JobCardView {
  id: number;
  title: string;
  href: string;
  company: string;
  meta: string[];
  walkin: string | null;
  reason: string;
}

export interface RecommendedProps {
  items: JobCardView[];
  seeAllHref: string;
  selfHref: string;
  site: IslandSite;
  lang: string;
  strings: { empty: string; seeAll: string; refresh: string; error: string };
}
