/**
 * Aspire and the content sections as a visitor and a crawler see them: each site lists its own
 * and shared articles by topic and tag, article pages carry canonical, hreflang, breadcrumbs and
 * Article JSON-LD and ship no JavaScript, covers come as responsive AVIF/WebP through
 * astro:assets under the content security policy, drafts are hidden in production, and every
 * article is in its language's RSS feed and in the sitemap.
 */
import { describe, expect, it } from 'vitest';
import { get, textOf } from './helpers';

const INDIA = 'rexmonster.localhost';
const GULF = 'monstergulf.localhost';

/** Fixtures from src/content/aspire. */
const shared = {
  slug: 'how-to-choose-a-career-path',
  title: 'How to choose a career path when you are still studying',
};
const india = {
  slug: 'your-first-job-offer-letter',
  title: 'Your first offer letter: what to check before you sign',
};
const hindi = {
  slug: 'pehli-naukri-ki-taiyari',
  title: 'पहली नौकरी की तैयारी: कॉलेज के आख़िरी साल की चेकलिस्ट',
};
const arabic = {
  slug: 'interview-preparation-arabic',
  title: 'كيف تستعد لمقابلتك الأولى في الخليج',
};
const draft = 'internships-that-lead-to-jobs';

// Scripts a content page runs, besides data blocks and the first-party page-view beacon every
// page has (src/components/chrome/Tracking.astro): none.
/**
 * Scripts beyond data (JSON-LD, the tracking facts), the first-party tracking queue and Astro's
 * small inline loader of the header's server island (the visitor's account menu on a cached page).
 */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    (m) =>
      !/application\/(ld\+)?json|\/_astro\/Tracking\.astro_astro_type_script/.test(m[1]!) &&
      !/replaceServerIsland|\/_server-islands\//.test(m[2]!),
  );
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const decode = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('Aspire', () => {
  it('lists the site’s own and shared articles with topics, tags and the feed, without JavaScript', async () => {
    const page = await get(INDIA, '/aspire');
    expect(page.status).toBe(200);
    const body = decode(page.body);
    expect(body).toContain(shared.title);
    expect(body).toContain(india.title);
    expect(body).not.toContain(arabic.title);
    expect(body).toContain('href="/aspire/topic/interview-prep"');
    expect(body).toContain('href="/aspire/tag/freshers"');
    expect(body).toContain(
      '<link rel="alternate" type="application/rss+xml" href="/aspire/rss.xml"',
    );
    expect(scriptsOf(page.body)).toHaveLength(0);
    const islandLoader = [...page.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter((code) => /replaceServerIsland|\/_server-islands\//.test(code));
    expect(islandLoader.join('').length).toBeLessThan(3_000);

    const gulf = decode((await get(GULF, '/aspire')).body);
    expect(gulf).toContain(shared.title);
    expect(gulf).not.toContain(india.title);
  });

  it('topic and tag pages filter the list; unknown ones are 404', async () => {
    const topic = decode((await get(INDIA, '/aspire/topic/first-job')).body);
    expect(textOf(topic, 'h1')).toBe('First-job guides');
    expect(topic).toContain(india.title);
    expect(topic).not.toContain(shared.title);
    const tag = decode((await get(INDIA, '/aspire/tag/career-planning')).body);
    expect(tag).toContain(shared.title);
    expect(tag).not.toContain(india.title);
    expect((await get(INDIA, '/aspire/topic/astrology')).status).toBe(404);
    expect((await get(INDIA, '/aspire/tag/no-such-tag')).status).toBe(404);
    expect((await get(INDIA, '/career-advice/tag/salary')).status).toBe(200);
  });

  it('serves an article with canonical, breadcrumbs, JSON-LD and a responsive cover', async () => {
    const page = await get(INDIA, `/aspire/${shared.slug}.html`);
    expect(page.status).toBe(200);
    const body = decode(page.body);
    expect(textOf(body, 'h1')).toBe(shared.title);
    expect(body).toMatch(
      new RegExp(`<link rel="canonical" href="http://${INDIA}:\\d+/aspire/${shared.slug}.html"`),
    );
    // No translation of it: no hreflang alternates (tests/e2e/hreflang.test.ts checks the pairs).
    expect(body).not.toMatch(/<link rel="alternate" hreflang=/);
    expect(scriptsOf(page.body)).toHaveLength(0);
    const [article, crumbs] = jsonLdOf(page.body);
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: shared.title,
      author: { name: 'Meera Iyer' },
      inLanguage: 'en',
    });
    expect(String(article!.image)).toContain('/_astro/');
    expect((crumbs!.itemListElement as { name: string }[]).map((c) => c.name)).toEqual([
      'Home',
      'Aspire',
      'Career paths',
      shared.title,
    ]);
    // The cover: AVIF and WebP sources in three widths, described by its alt text.
    const picture = /<picture[\s\S]*?<\/picture>/.exec(page.body)?.[0] ?? '';
    expect(picture).toContain('type="image/avif"');
    expect(picture).toContain('type="image/webp"');
    expect(picture).toMatch(/ 360w,.* 720w,.* 1080w/);
    expect(picture).toContain('alt="Two winding paths rising');
    const src = /srcset="([^" ]+) 360w/.exec(picture)![1]!.replace(/&amp;/g, '&');
    const image = await get(INDIA, src);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/(avif|heif)/);
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self'/);
  });

  it('serves Hindi and Arabic articles right to left where needed; drafts and other sites’ articles are 404', async () => {
    const hi = await get(INDIA, `/hi/aspire/${hindi.slug}.html`);
    expect(hi.status).toBe(200);
    expect(textOf(decode(hi.body), 'h1')).toBe(hindi.title);
    const ar = await get(GULF, `/ar/aspire/${arabic.slug}.html`);
    expect(ar.status).toBe(200);
    expect(/<html[^>]*>/.exec(ar.body)?.[0]).toContain('dir="rtl"');
    expect(textOf(decode(ar.body), 'h1')).toBe(arabic.title);
    expect((await get(GULF, `/aspire/${india.slug}.html`)).status).toBe(404);
    // A draft: visible under `npm run dev` only, never in this production build.
    expect((await get(INDIA, `/aspire/${draft}.html`)).status).toBe(404);
    expect(decode((await get(INDIA, '/aspire')).body)).not.toContain('Internships that turn');
  });

  it('has an RSS feed per site and language, and the articles in the sitemap', async () => {
    const en = await get(INDIA, '/aspire/rss.xml');
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toMatch(/xml/);
    expect(en.body).toContain(`/aspire/${india.slug}.html</link>`);
    expect(en.body).not.toContain(hindi.slug);
    expect(en.body).not.toContain(draft);
    const hi = await get(INDIA, '/hi/aspire/rss.xml');
    expect(hi.body).toContain('<language>hi</language>');
    expect(hi.body).toContain(`/hi/aspire/${hindi.slug}.html</link>`);
    const ar = await get(GULF, '/ar/aspire/rss.xml');
    expect(ar.body).toContain(`/ar/aspire/${arabic.slug}.html</link>`);
    const advice = await get(INDIA, '/career-advice/rss.xml');
    expect(advice.body).toContain('/career-advice/how-to-write-a-resume.html</link>');
    expect((await get(INDIA, '/hi/career-advice/rss.xml')).body).toContain(
      '/hi/career-advice/salary-negotiation-guide-hindi.html</link>',
    );

    const index = await get(INDIA, '/sitemap.xml');
    expect(index.body).toContain('/sitemaps/aspire.xml</loc>');
    const sitemap = await get(INDIA, '/sitemaps/aspire.xml');
    expect(sitemap.body).toContain(`/aspire/${india.slug}.html</loc>`);
    expect(sitemap.body).toContain(`/hi/aspire/${hindi.slug}.html</loc>`);
    expect(sitemap.body).not.toContain(draft);
    expect((await get(INDIA, '/sitemaps/seo.xml')).body).toContain('/aspire</loc>');
  });

  it('is linked from the home page and the menu', async () => {
    const home = await get(INDIA, '/');
    expect(home.body).toContain('id="aspire-teaser"');
    expect((home.body.match(/href="\/aspire"/g) ?? []).length).toBeGreaterThanOrEqual(2);
  });
});
