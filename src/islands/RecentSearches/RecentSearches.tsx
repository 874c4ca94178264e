/**
 * The seeker dashboard's recent searches (a card of links to their results), reading the shared
 * store src/stores/recent-searches.ts that the search box also reads. The server renders the list
 * it has (complete without JavaScript) and seeds the store with it; once visible, the island asks
 * the recentSearch API again, so a search made in another tab since shows up.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createApiClient } from '~/lib/api-client';
import { resultsUrl } from '~/lib/search-box/submit';
import type { RecentSearch } from '~/lib/search/recent';
import { syncSession } from '~/lib/auth/session-sync';
import { refreshRecentSearches, seedRecentSearches } from '~/lib/search-box/recent-store';
import { $recentSearches } from '~/stores/recent-searches';
import { RecentList } from '../SearchBox/RecentList';
import type { IslandSite } from '~/lib/sites/island';

export interface RecentSearchesProps {
  /** The seeker's list as the server has it, newest first. */
  initial: RecentSearch[];
  site: IslandSite;
  lang: string;
  /** Localized path of the results page. */
  action: string;
  heading: string;
  /** The experience labels by years (0-50), in the page's language. */
  years: string[];
  /** At most this many links. */
  max: number;
}

export default function RecentSearches(props: RecentSearchesProps) {
  const { site, lang, action, years, max } = props;
  const [hydrated, setHydrated] = useState(false);
  const stored = useStore($recentSearches);
  useEffect(() => {
    syncSession(true);
    const ctx = {
      api: createApiClient({ site, lang }),
      siteContext: site.context,
      signedIn: true,
    };
    seedRecentSearches(ctx, props.initial);
    setHydrated(true);
    // The seed is what the server had when it rendered the page (maybe from the back/forward cache).
    void refreshRecentSearches(ctx);
    // Once, on mount.
  }, []);
  const list = (hydrated ? stored : props.initial).slice(0, max);
  return (
    <RecentList
      className="account-card recent-searches"
      headingId="recent-searches-h"
      heading={props.heading}
      list={list}
      href={(search) => resultsUrl(action, search)}
      yearsOf={(search) => (search.experience === null ? undefined : years[search.experience])}
    />
  );
}
