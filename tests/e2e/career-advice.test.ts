/**
 * Career advice (SPEC §2): each site lists its own articles and those for every site, serves
 * them at /career-advice/{slug}.html with SEO tags and JSON-LD, and answers anything else with
 * the 404 page.
 */
import { describe, expect, it } from 'vitest';
import { brands } from '../../sites';
import { get, port, textOf } from './helpers';

const INDIA = 'rexmonster.localhost';
const GULF = 'monstergulf.localhost';
const SINGAPORE = 'monstersingapore.localhost';

/** Fixtures from src/content/career-advice. */
const indiaArticle = 'salary-negotiation-ctc-in-hand';
const hindiArticle = 'salary-negotiation-guide-hindi';
const allSitesArticle = 'how-to-write-a-resume';
const allSitesTitle = 'How to write a resume that gets shortlisted';
const gulfArticle = 'uae-work-visa-guide';
const arabicArticle = 'uae-work-visa-guide-arabic';

const href = (path: string) => `href="${path}"`;
const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '';
const notFoundHeading = "We couldn't find that page";

/** Text of the first match of a tag, with the entities Astro writes decoded. */
function textIn(html: string, tag: string): string {
  return textOf(html, tag)
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function jsonLdOf(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

describe('career advice list', () => {
  it('shows India and all-site articles on India, not Gulf ones', async () => {
    const page = await get(INDIA, '/career-advice');
    expect(page.status).toBe(200);
    expect(page.body).toContain(href(`/career-advice/${indiaArticle}.html`));
    expect(page.body).toContain(href(`/career-advice/${allSitesArticle}.html`));
    expect(page.body).not.toContain(href(`/career-advice/${gulfArticle}.html`));
    // The Hindi article is listed on Hindi pages only.
    expect(page.body).not.toContain(`/career-advice/${hindiArticle}.html`);
    expect(page.body).toContain('<time datetime="2026-03-18"');
  });

  it('shows Gulf and all-site articles on Gulf, not India ones', async () => {
    const page = await get(GULF, '/career-advice');
    expect(page.status).toBe(200);
    expect(page.body).toContain(href(`/career-advice/${gulfArticle}.html`));
    expect(page.body).toContain(href(`/career-advice/${allSitesArticle}.html`));
    expect(page.body).not.toContain(`/career-advice/${indiaArticle}.html`);
  });

  it('shows Singapore its own article and the all-site ones', async () => {
    const page = await get(SINGAPORE, '/career-advice');
    expect(page.status).toBe(200);
    expect(page.body).toContain(href(`/career-advice/${allSitesArticle}.html`));
    expect(page.body).toContain(href('/career-advice/employment-pass-and-compass.html'));
  });

  it('puts the Hindi article first on /hi/career-advice for India, then English ones', async () => {
    const page = await get(INDIA, '/hi/career-advice');
    expect(page.status).toBe(200);
    expect(htmlTag(page.body)).toContain('lang="hi"');
    const hindi = page.body.indexOf(href(`/hi/career-advice/${hindiArticle}.html`));
    const english = page.body.indexOf(href(`/hi/career-advice/${allSitesArticle}.html`));
    expect(hindi).toBeGreaterThan(-1);
    expect(english).toBeGreaterThan(hindi);
    // The English original of the Hindi article is not listed twice.
    expect(page.body).not.toContain(`/hi/career-advice/${indiaArticle}.html`);
    expect(page.body).toContain('सैलरी नेगोशिएशन');
  });

  it('lists the Arabic article on /ar/career-advice for Gulf', async () => {
    const page = await get(GULF, '/ar/career-advice');
    expect(page.status).toBe(200);
    expect(htmlTag(page.body)).toContain('dir="rtl"');
    expect(page.body).toContain(href(`/ar/career-advice/${arabicArticle}.html`));
  });
});

describe('career advice article', () => {
  it('renders the article with its title, canonical link, breadcrumb and JSON-LD', async () => {
    const page = await get(INDIA, `/career-advice/${allSitesArticle}.html`);
    expect(page.status).toBe(200);
    expect(textIn(page.body, 'h1')).toBe(allSitesTitle);
    expect(textIn(page.body, 'title')).toBe(`${allSitesTitle} | ${brands.classic.name}`);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1];
    expect(canonical).toBe(
      `http://rexmonster.localhost:${port()}/career-advice/${allSitesArticle}.html`,
    );
    expect(page.body).toMatch(
      /<meta name="description" content="A practical, section-by-section guide/,
    );

    const breadcrumb =
      /<nav class="breadcrumb[^"]*" aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(
        page.body,
      )?.[1] ?? '';
    expect(breadcrumb).toContain(href('/'));
    expect(breadcrumb).toContain(href('/career-advice'));
    expect(breadcrumb.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      `Home Career advice ${allSitesTitle}`,
    );

    const [ld, crumbs, ...others] = jsonLdOf(page.body);
    expect(others).toHaveLength(0);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs?.itemListElement as { name: string }[]).map((item) => item.name)).toEqual([
      'Home',
      'Career advice',
      allSitesTitle,
    ]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: allSitesTitle,
      author: { '@type': 'Person', name: 'Ananya Rao' },
      publisher: { '@type': 'Organization', name: brands.classic.name },
    });
    expect(ld?.datePublished).toMatch(/^2026-02-10T/);
    expect(ld?.dateModified).toMatch(/^2026-09-14T/);

    // Rendered markdown: headings, lists and the tags.
    expect(page.body).toContain('<h2 id="start-with-the-job-not-with-yourself">');
    expect(page.body).toMatch(
      /<li[^>]*><a href="\/career-advice\/tag\/applicant-tracking-systems"[^>]*>applicant tracking systems<\/a><\/li>/,
    );
  });

  it('names the newer brand as publisher on its hosts', async () => {
    const page = await get(
      `rexmonster.${brands.marker}.localhost`,
      `/career-advice/${indiaArticle}.html`,
    );
    expect(page.status).toBe(200);
    expect(jsonLdOf(page.body)[0]).toMatchObject({ publisher: { name: brands.dm.name } });
  });

  it('renders the Hindi article in Hindi with a date in Hindi', async () => {
    const page = await get(INDIA, `/hi/career-advice/${hindiArticle}.html`);
    expect(page.status).toBe(200);
    expect(htmlTag(page.body)).toContain('lang="hi"');
    expect(textIn(page.body, 'h1')).toContain('सैलरी नेगोशिएशन');
    expect(page.body).toContain('मार्च 2026');
    expect(page.body).toContain('<link rel="canonical"');
    expect(jsonLdOf(page.body)[0]).toMatchObject({ '@type': 'Article', inLanguage: 'hi' });
  });

  it('serves an all-site article on every site', async () => {
    const page = await get(SINGAPORE, `/career-advice/${allSitesArticle}.html`);
    expect(page.status).toBe(200);
    expect(textIn(page.body, 'h1')).toBe(allSitesTitle);
  });
});

describe('career advice 404s', () => {
  it('answers a Gulf-only article on India with the 404 page', async () => {
    const gulf = await get(GULF, `/career-advice/${gulfArticle}.html`);
    expect(gulf.status).toBe(200);
    const india = await get(INDIA, `/career-advice/${gulfArticle}.html`);
    expect(india.status).toBe(404);
    expect(textIn(india.body, 'h1')).toBe(notFoundHeading);
    expect(india.body).toContain('name="robots" content="noindex"');
  });

  it.each([
    '/career-advice/x',
    `/career-advice/${allSitesArticle}`,
    `/career-advice/${allSitesArticle}.htm`,
    `/career-advice/all/${allSitesArticle}.html`,
    `/career-advice/india/${indiaArticle}.html`,
    '/career-advice/no-such-article.html',
    '/career-advice/.html',
  ])('answers %s with the 404 page', async (path) => {
    const page = await get(INDIA, path);
    expect(page.status).toBe(404);
    expect(textIn(page.body, 'h1')).toBe(notFoundHeading);
  });

  it('keeps the language on a 404 under /hi/', async () => {
    const page = await get(INDIA, '/hi/career-advice/no-such-article.html');
    expect(page.status).toBe(404);
    expect(htmlTag(page.body)).toContain('lang="hi"');
    expect(textIn(page.body, 'h1')).not.toBe(notFoundHeading);
  });
});
