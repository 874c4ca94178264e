/**
 * schema.org WebSite with a SearchAction for the home page: search engines may offer a search box
 * that lands on the site's results page (`q` is the keywords parameter).
 */
export function webSiteJsonLd(site: {
  origin: string;
  name: string;
  /** Localized paths of home and of the results page. */
  homePath: string;
  searchPath: string;
  lang: string;
}): object {
  const target = new URL(site.searchPath, site.origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.name,
    url: new URL(site.homePath, site.origin).href,
    inLanguage: site.lang,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${target.href}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
