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

/**
 * The two props every island that calls the API takes, side by side: its site (for the headers)
 * and the page's language. Spread into the mount: `{...apiIslandProps(Astro.locals)}`.
 */
export function apiIslandProps<L extends string>(locals: {
  site: Pick<Site, 'context' | 'country'>;
  lang: L;
}): { site: IslandSite; lang: L } {
  return { site: islandSite(locals.site), lang: locals.lang };
}
