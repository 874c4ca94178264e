/**
 * The recent searches under the hero search box. It reads the shared stores itself, so the list
 * loaded after the box hydrates (and the signed-in state the page learns then) re-renders this
 * list only, not the whole box: a store update is rendered at once, in one task.
 */
import { useStore } from '@nanostores/react';
import type { RecentSearch } from '~/lib/search/recent';
import { clearRecentSearches } from '~/lib/search-box/recent-store';
import { $recentSearches } from '~/stores/recent-searches';
import { $loggedIn } from '~/stores/session';
import { RecentList } from './RecentList';

interface Props {
  headingId: string;
  heading: string;
  clearLabel: string;
  siteContext: string;
  href: (search: RecentSearch) => string;
  yearsOf: (search: RecentSearch) => string | undefined;
}

export function HeroRecent({ siteContext, ...props }: Props) {
  const list = useStore($recentSearches);
  const signedIn = useStore($loggedIn);
  return (
    <RecentList
      {...props}
      list={list}
      onClear={signedIn ? null : () => clearRecentSearches(siteContext)}
    />
  );
}
