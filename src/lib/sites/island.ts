/** What an island knows of its site: the two values its API calls send as headers (SPEC §3). */
import type { Site } from './schema';

export interface IslandSite {
  context: string;
  countryAbv: string;
}

/** An island's `site` prop, for every island mount that calls the API. */
export function islandSite(site: Pick<Site, 'context' | 'country'>): IslandSite {
  return { context: site.context, countryAbv: site.country.abv };
}
