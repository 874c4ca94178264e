/** A site's office address in the page's language, or its English one where it has no other. */
import type { Lang, Site } from './schema';

export function siteAddress(site: Pick<Site, 'contact'>, lang: Lang): string {
  return site.contact.address[lang] ?? site.contact.address.en;
}
