/**
 * The sitemaps /sitemap.xml points to, for the requesting site: jobs-{n}.xml (open jobs, paged),
 * seo.xml (main pages, browse pages, role landing pages in each language and landing pages with jobs), career-advice.xml and aspire.xml.
 * Anything else, or a jobs page past the last one, is a 404.
 */
import type { APIRoute } from 'astro';
import {
  articleAlternates,
  articlePath,
  articlesOfSite,
  modifiedAt,
} from '~/server/content/articles';
import { browsePaths } from '~/server/seo/browse-paths';
import { landingPaths, seoPairs, seoVocabulary } from '~/server/seo/landing';
import { roleLandings } from '~/server/seo/role-landing';
import {
  jobsForSitemap,
  jobsPerSitemap,
  MAX_URLS,
  openJobStatsCached,
  urlSetXml,
  type SitemapUrl,
} from '~/server/seo/sitemap';
import { jobPath } from '~/lib/jobs/paths';
import { cacheSitemap } from '~/server/http/page-cache';

export const prerender = false;

/** Pages every site lists besides jobs, landing pages and articles. */
const MAIN_PAGES = [
  '/',
  '/search/results',
  '/search/walkin-jobs',
  '/career-advice',
  '/aspire',
  '/career-services',
];

const xml = (body: string) =>
  new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

export const GET: APIRoute = async (context) => {
  const { params, locals } = context;
  const { site } = locals;
  const langs = site.languages;
  const name = params.name ?? '';
  const origin = locals.origin;

  const jobsPage = /^jobs-([1-9]\d{0,5})$/.exec(name);
  if (jobsPage) {
    const page = Number(jobsPage[1]);
    const perPage = jobsPerSitemap(langs.length);
    const { total } = await openJobStatsCached(site.context);
    if (page > Math.max(1, Math.ceil(total / perPage))) return notFound();
    const rows = await jobsForSitemap(site.context, page, perPage);
    const urls: SitemapUrl[] = rows.map((job) => ({ path: jobPath(job), lastmod: job.updatedAt }));
    cacheSitemap(context, { jobs: true, articles: false });
    return xml(urlSetXml(origin, langs, urls));
  }

  if (name === 'seo') {
    const [vocabulary, pairs, browse, roles] = await Promise.all([
      seoVocabulary(site.context),
      seoPairs(site.context),
      browsePaths(site.context),
      roleLandings(site.context),
    ]);
    const max =
      Math.floor(MAX_URLS / langs.length) - MAIN_PAGES.length - browse.length - roles.roles.length;
    // A role's landing page has a path of its own in each language (decision 0094): each is
    // listed in its language, naming the others as alternates.
    const rolePages: SitemapUrl[] = roles.roles.flatMap((role) => {
      const alternates = langs.map((lang) => ({ lang, path: role.paths[lang] }));
      return langs.map((lang) => ({ path: role.paths[lang], langs: [lang], alternates }));
    });
    const urls: SitemapUrl[] = [
      ...MAIN_PAGES.map((path) => ({ path })),
      ...browse.map((path) => ({ path })),
      ...rolePages,
      ...landingPaths(vocabulary, pairs, max).map((path) => ({ path })),
    ];
    cacheSitemap(context, { jobs: true, articles: false });
    return xml(urlSetXml(origin, langs, urls));
  }

  if (name === 'career-advice' || name === 'aspire') {
    const articles = (await articlesOfSite(name, site.key)).filter((a) =>
      langs.includes(a.data.lang),
    );
    // An article is indexed in its own language only (other languages show it noindex), with
    // its translations as alternates.
    const urls: SitemapUrl[] = await Promise.all(
      articles.map(async (a) => ({
        path: articlePath(name, a),
        lastmod: modifiedAt(a),
        langs: [a.data.lang],
        alternates: await articleAlternates(a, site.key, langs),
      })),
    );
    cacheSitemap(context, { jobs: false, articles: true });
    return xml(urlSetXml(origin, langs, urls));
  }

  return notFound();
};
