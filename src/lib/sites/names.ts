/** A site's name in the page's language, from its site file (`names`); English when it has none. */
import type { Lang, Site } from './schema';

export function siteName(site: Pick<Site, 'names'>, lang: Lang): string {
  return site.names[lang] ?? site.names.en;
}
