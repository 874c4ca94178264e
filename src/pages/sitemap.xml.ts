/**
 * /sitemap.xml of the requesting site (from the Host header): an index of its job sitemaps
 * (/sitemaps/jobs-{n}.xml), landing pages (/sitemaps/seo.xml) and career advice
 * (/sitemaps/career-advice.xml). See src/server/seo/sitemap.ts.
 */
import type { APIRoute } from 'astro';
import { articlesOfSite, modifiedAt } from '~/server/content/career-advice';
import { jobsPerSitemap, openJobStatsCached, sitemapIndexXml } from '~/server/seo/sitemap';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const { site } = locals;
  const { total, lastmod } = await openJobStatsCached(site.context);
  const pages = Math.max(1, Math.ceil(total / jobsPerSitemap(site.languages.length)));
  const articles = await articlesOfSite(site.key);
  const newestArticle = articles.reduce<Date | undefined>((newest, a) => {
    const d = modifiedAt(a);
    return !newest || d > newest ? d : newest;
  }, undefined);
  const at = (path: string) => new URL(path, locals.origin).href;
  const entries = [
    ...Array.from({ length: pages }, (_, i) => ({
      loc: at(`/sitemaps/jobs-${i + 1}.xml`),
      lastmod: lastmod ?? undefined,
    })),
    { loc: at('/sitemaps/seo.xml'), lastmod: lastmod ?? undefined },
    { loc: at('/sitemaps/career-advice.xml'), lastmod: newestArticle },
  ];
  return new Response(sitemapIndexXml(entries), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
