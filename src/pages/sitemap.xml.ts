/**
 * /sitemap.xml of the requesting site (from the Host header): an index of its job sitemaps
 * (/sitemaps/jobs-{n}.xml), landing pages (/sitemaps/seo.xml), career advice
 * (/sitemaps/career-advice.xml) and Aspire (/sitemaps/aspire.xml). See src/server/seo/sitemap.ts.
 */
import type { APIRoute } from 'astro';
import { articlesOfSite, modifiedAt, type Section } from '~/server/content/articles';
import { jobsPerSitemap, openJobStatsCached, sitemapIndexXml } from '~/server/seo/sitemap';
import { cacheSitemap } from '~/server/http/page-cache';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const { locals } = context;
  const { site } = locals;
  const { total, lastmod } = await openJobStatsCached(site.context);
  const pages = Math.max(1, Math.ceil(total / jobsPerSitemap(site.languages.length)));
  const newest = async (section: Section) =>
    (await articlesOfSite(section, site.key)).reduce<Date | undefined>((latest, a) => {
      const d = modifiedAt(a);
      return !latest || d > latest ? d : latest;
    }, undefined);
  const at = (path: string) => new URL(path, locals.origin).href;
  const entries = [
    ...Array.from({ length: pages }, (_, i) => ({
      loc: at(`/sitemaps/jobs-${i + 1}.xml`),
      lastmod: lastmod ?? undefined,
    })),
    { loc: at('/sitemaps/seo.xml'), lastmod: lastmod ?? undefined },
    { loc: at('/sitemaps/career-advice.xml'), lastmod: await newest('career-advice') },
    { loc: at('/sitemaps/aspire.xml'), lastmod: await newest('aspire') },
  ];
  cacheSitemap(context, { jobs: true, articles: true });
  return new Response(sitemapIndexXml(entries), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
