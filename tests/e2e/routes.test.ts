/**
 * Every SPEC §2 route answers with its page shell on every site in English, and on India and Gulf
 * in Hindi and Arabic, with the right brand, language and direction.
 */
import { describe, expect, it } from 'vitest';
import { sites, brands } from '../../sites';
import { ROUTE_TABLE } from '~/lib/page-name';
import { get, textOf } from './helpers';

const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '';

/** A real job path from the site's home page, standing in for the table's example job path. */
async function jobPathOn(context: string): Promise<string> {
  const home = await get(`${context}.localhost`, '/');
  const href = /href="(\/job\/[^"]+)"/.exec(home.body)?.[1];
  if (!href) throw new Error(`no job link on the ${context} home page`);
  return href;
}

async function routesFor(context: string) {
  const jobPath = await jobPathOn(context);
  const jobId = /-(\d+)$/.exec(jobPath)?.[1];
  const realJob = (path: string) =>
    path.startsWith('/job/')
      ? jobPath
      : path.startsWith('/seeker/job-details')
        ? `/seeker/job-details?id=${jobId}`
        : path;
  return ROUTE_TABLE.filter((row) => row.page !== 'not-found' && !row.path.endsWith('.html')).map(
    (row) => ({
      ...row,
      path: row.page === 'job-detail' ? realJob(row.path) : row.path,
    }),
  );
}

describe.each(sites.map((s) => [s.key, s] as const))('%s site in English', (_key, site) => {
  it('renders every route with the shell, brand and language', async () => {
    const host = `${site.context}.localhost`;
    for (const row of await routesFor(site.context)) {
      const page = await get(host, row.path);
      const where = `${site.context} ${row.path}`;
      if (page.status === 301 || page.status === 302) {
        expect(page.headers.location, where).toBeTruthy();
        continue;
      }
      expect(page.status, where).toBe(200);
      expect(htmlTag(page.body), where).toContain('lang="en"');
      expect(htmlTag(page.body), where).toContain('dir="ltr"');
      expect(page.body, where).toContain(`data-site="${site.context}"`);
      expect(textOf(page.body, 'title'), where).toContain(brands.classic.name);
      expect(page.body, where).toContain('<header class="site-header"');
      expect(page.body, where).toContain('<footer class="site-footer"');
      expect(page.body, where).toContain('<h1');
      expect(page.body, where).toContain('Employer Login');
      expect(page.body, where).toContain(site.contact.infoEmail);
      if (!page.body.includes('name="robots" content="noindex"')) {
        expect(page.body, where).toContain('<link rel="canonical"');
        expect(page.body, where).toContain('<meta name="description"');
      }
    }
  });
});

describe.each([
  ['hi', 'ltr'],
  ['ar', 'rtl'],
] as const)('India and Gulf in %s', (lang, dir) => {
  it.each(['rexmonster', 'monstergulf'])('renders every route on %s', async (context) => {
    const host = `${context}.localhost`;
    const english = await get(host, '/search/results');
    for (const row of await routesFor(context)) {
      const page = await get(host, `/${lang}${row.path}`);
      const where = `${context} /${lang}${row.path}`;
      if (page.status === 301 || page.status === 302) continue;
      expect(page.status, where).toBe(200);
      expect(htmlTag(page.body), where).toContain(`lang="${lang}"`);
      expect(htmlTag(page.body), where).toContain(`dir="${dir}"`);
      expect(page.body, where).toContain(`data-site="${context}"`);
    }
    // Translated, not an English copy.
    const translated = await get(host, `/${lang}/search/results`);
    expect(textOf(translated.body, 'h1')).not.toBe(textOf(english.body, 'h1'));
    expect(textOf(translated.body, 'h1').length).toBeGreaterThan(0);
  });
});

describe('routing rules', () => {
  it('redirects /career-services/ to /career-services', async () => {
    const page = await get('rexmonster.localhost', '/career-services/');
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe('/career-services');
  });

  it('answers unknown paths with a translated 404 page', async () => {
    const en = await get('rexmonster.localhost', '/no-such-page');
    expect(en.status).toBe(404);
    expect(textOf(en.body, 'h1')).toBe("We couldn't find that page");
    const ar = await get('monstergulf.localhost', '/ar/no-such-page');
    expect(ar.status).toBe(404);
    expect(htmlTag(ar.body)).toContain('dir="rtl"');
    expect(textOf(ar.body, 'h1')).not.toBe("We couldn't find that page");
  });

  it('falls back to India for an unknown host', async () => {
    const page = await get('unknown.example.com', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-site="rexmonster"');
  });

  it('shows the newer brand when the host carries the marker', async () => {
    const page = await get(`monstergulf.${brands.marker}.localhost`, '/');
    expect(page.body).toContain(`data-site="monstergulf"`);
    expect(textOf(page.body, 'title')).toContain(brands.dm.name);
    expect(page.body).toContain(brands.dm.logo);
  });

  it('sends a language a site does not offer to the English page', async () => {
    const page = await get('monstersingapore.localhost', '/ar/search/results?q=java');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/search/results?q=java');
  });

  it('serves the dialling codes', async () => {
    const page = await get('rexmonster.localhost', '/seeker/images/isd.json');
    expect(page.status).toBe(200);
    const entries = JSON.parse(page.body) as {
      n: string;
      isd: string;
      cc: string;
      i: number;
      label: string;
    }[];
    expect(entries.find((e) => e.cc === 'IN')).toMatchObject({ isd: '91', n: 'India' });
    expect(entries.every((e, i) => e.i === i && e.label.length > 0)).toBe(true);
  });

  it('answers the health check from the database', async () => {
    const page = await get('rexmonster.localhost', '/healthz');
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body)).toMatchObject({ status: 'ok', database: 'pglite' });
  });
});
