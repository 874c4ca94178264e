/**
 * The browse pages against the built server (the suite's portal, demo jobs): every job page links
 * to its company's page, which lists that company's open jobs with Organization JSON-LD;
 * /browse-jobs counts every function and industry as a search for it does; salary pages and the
 * locations hub answer; the resume score page shows the API's score; each page is in the SEO
 * sitemap in English, Hindi and Arabic with reciprocal hreflang; home carries WebSite JSON-LD;
 * the splash screen comes only as the visitor's own island, once.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { namedJobWords } from '~/lib/format/job-words';
import { account, originOf } from './accounts-helpers';
import { decodeEntities, get, islandUrls, port } from './helpers';
import { send as sendTo, startPortal, stopAllPortals } from './portal';

const INDIA = 'rexmonster.localhost';
const GULF = 'monstergulf.localhost';
const PHONE =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path,
        method,
        headers: {
          host: `${host}:${port()}`,
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const hrefs = (html: string, pattern: RegExp) => [
  ...new Set([...html.matchAll(pattern)].map((m) => decodeEntities(m[1]!))),
];
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
/** Ids used more than once (invalid HTML, and broken labels and anchors). */
const duplicateIds = (html: string) => {
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
  return ids.filter((id, i) => ids.indexOf(id) !== i);
};
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1]!,
      new URL(decodeEntities(m[2]!)).pathname,
    ]),
  );

describe('companies', () => {
  it('every job page links to its company, whose page lists its open jobs with Organization data', async () => {
    const results = await get(INDIA, '/search/results');
    const jobPaths = hrefs(results.body, /href="(\/job\/[^"]+)"/g).slice(0, 8);
    expect(jobPaths.length).toBeGreaterThan(3);
    for (const jobPath of jobPaths) {
      const job = await get(INDIA, jobPath);
      const link = /<p class="company"[^>]*>\s*<a href="(\/company\/[^"]+)"[^>]*>([^<]+)<\/a>/.exec(
        job.body,
      );
      expect(link, jobPath).not.toBeNull();
      const [, companyPath, name] = link!;
      const company = await get(INDIA, companyPath!);
      expect(company.status, companyPath).toBe(200);
      const org = jsonLd(company.body).find((d) => d['@type'] === 'Organization');
      expect(org?.name).toBe(decodeEntities(name!));
      // The job is among the company's jobs, and every job listed is the company's.
      const listed = [...company.body.matchAll(/<p class="company"[^>]*>\s*([^<]+?)\s*<\/p>/g)].map(
        (m) => decodeEntities(m[1]!),
      );
      expect(listed.length).toBeGreaterThan(0);
      expect(new Set(listed)).toEqual(new Set([decodeEntities(name!)]));
      expect(company.body).toContain(`href="${jobPath}"`);
    }
  });

  it("filters a company page's jobs with counts that tick to what they show, and no other employers", async () => {
    const companies = await get(INDIA, '/companies');
    const companyPath = /href="(\/company\/[^"]+)"/.exec(companies.body)![1]!;
    const page = await get(INDIA, companyPath);
    expect(page.body).not.toMatch(/data-facet="companies"/);
    expect(page.body).not.toMatch(/<div class="chips"/);
    const group = /<fieldset[^>]*data-facet="jobTypes"[^>]*>([\s\S]*?)<\/fieldset>/.exec(page.body);
    const items = [...(group?.[1] ?? '').matchAll(/value="([^"]*)"[\s\S]*?data-count="(\d+)"/g)];
    expect(items.length).toBeGreaterThan(0);
    for (const [, value, count] of items) {
      const ticked = await get(INDIA, `${companyPath}?jobTypes=${value}`);
      expect(Number(/data-total="(\d+)"/.exec(ticked.body)?.[1]), value).toBe(Number(count));
    }
  });

  it('/companies lists employers with their open jobs, the busiest first', async () => {
    const page = await get(INDIA, '/companies');
    expect(page.status).toBe(200);
    const links = hrefs(page.body, /href="(\/company\/[^"]+)"/g);
    expect(links.length).toBeGreaterThan(5);
    const counts = [...page.body.matchAll(/Open jobs: (\d+)/g)].map((m) => Number(m[1]));
    const top = counts.slice(0, 12);
    expect(top).toEqual([...top].sort((a, b) => b - a));
  });
});

describe('jobs by category', () => {
  it('/browse-jobs counts every function and industry as a search for it finds', async () => {
    const page = await get(INDIA, '/browse-jobs');
    expect(page.status).toBe(200);
    const entries = [
      ...page.body.matchAll(
        /<a href="(\/browse-jobs\/(?:function|industry)\/[^"]+)"[^>]*>[^<]*<\/a>\s*<span class="n" data-count="(\d+)"/g,
      ),
    ].map((m) => ({ path: m[1]!, count: Number(m[2]) }));
    expect(entries.some((e) => e.path.includes('/function/'))).toBe(true);
    expect(entries.some((e) => e.path.includes('/industry/'))).toBe(true);
    for (const entry of entries) {
      const category = await get(INDIA, entry.path);
      expect(category.status, entry.path).toBe(200);
      expect(category.body).toContain(`data-count="${entry.count}"`);
      const search = decodeEntities(
        /<p class="total"[\s\S]*?href="([^"]+)"/.exec(category.body)![1]!,
      );
      const results = await get(INDIA, search);
      const total = /data-total="(\d+)"/.exec(results.body)?.[1];
      expect(Number(total), `${entry.path} vs ${search}`).toBe(entry.count);
    }
  });

  it('the locations hub groups the cities by region', async () => {
    const page = await get(INDIA, '/browse-jobs/locations');
    expect(page.status).toBe(200);
    expect(page.body).toContain('jobStates=');
  });
});

describe('salaries', { timeout: 240_000 }, () => {
  afterAll(stopAllPortals);

  it('a salary page shows its median, how many jobs back it and an SVG chart', async () => {
    // The suite's few demo jobs give no role five salaries: a portal of its own with more.
    const portal = await startPortal({ DEMO_JOBS: '3000' });
    const hub = await sendTo(portal, 'GET', '/salaries');
    const first = hrefs(hub.body, /href="(\/salaries\/[^"]+)"/g)[0];
    expect(first).toBeTruthy();
    const page = await sendTo(portal, 'GET', first!);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/data-amount="\d+"/);
    expect(Number(/class="based" data-count="(\d+)"/.exec(page.body)?.[1])).toBeGreaterThanOrEqual(
      5,
    );
    expect(page.body).toContain('<svg class="salary-chart"');
    expect(page.body).toMatch(/₹ [\d.]+ (Lakh|Thousand)/);
    // Linked from the job pages of that role.
    const results = await sendTo(
      portal,
      'GET',
      `/search/results?roles=${encodeURIComponent(
        decodeEntities(/<h1[^>]*>([^<]+) salary in/.exec(page.body)![1]!),
      )}`,
    );
    const jobPath = hrefs(results.body, /href="(\/job\/[^"]+)"/g)[0]!;
    const job = await sendTo(portal, 'GET', jobPath);
    expect(job.body).toMatch(/class="salary-link" href="\/salaries\//);
    expect((await sendTo(portal, 'GET', '/salaries/no-such-role')).status).toBe(404);

    // The same page in Hindi: the role named in Hindi, amounts in लाख (decisions 0086, 0087).
    const hindi = textOf((await sendTo(portal, 'GET', `/hi${first!}`)).body);
    expect(hindi).toMatch(/₹ [\d.]+ (लाख|हज़ार)/);
    expect(hindi).not.toMatch(/\bLakh\b|\bThousand\b/);
    expect(englishJobWords(hindi, 'hi')).toEqual([]);
    // A Gulf salary page in Arabic: the Arabic sign after the figure, no English job word.
    const gulf = { headers: { host: `monstergulf.localhost:${portal.port}` } };
    const arHub = await sendTo(portal, 'GET', '/ar/salaries', gulf);
    const arFirst = hrefs(arHub.body, /href="(\/ar\/salaries\/[^"]+)"/g)[0];
    expect(arFirst).toBeTruthy();
    const arabic = await sendTo(portal, 'GET', arFirst!, gulf);
    expect(arabic.body).toMatch(
      /data-amount="\d+"[^>]*>\s*<bdi[^>]*>[\d,]+ (د\.إ\.|ر\.س\.|ر\.ق\.)<\/bdi>/,
    );
    expect(englishJobWords(textOf(arabic.body), 'ar')).toEqual([]);
  });
});

/** A page's text as a reader sees it: tags, scripts and styles out, entities decoded. */
function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
}

/** English job words with a name in the language that the text shows (whole words). */
function englishJobWords(text: string, lang: 'hi' | 'ar'): string[] {
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return namedJobWords(lang).filter((w) =>
    new RegExp(`(^|[^A-Za-z])${escape(w)}([^A-Za-z]|$)`).test(text),
  );
}

describe('resume score', () => {
  it('shows the same score as getResumeScoreCard', async () => {
    const a = account('score');
    // From an address of its own: the suite's shared one stays under the hourly registration limit.
    const registered = await send(
      INDIA,
      'POST',
      '/seeker/registration',
      {
        origin: originOf('rexmonster'),
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.27',
      },
      Buffer.from(
        new URLSearchParams({
          careerStage: 'fresher',
          name: a.name,
          email: a.email,
          password: a.password,
          isdCode: a.isdCode,
          mobile: a.mobile,
        }).toString(),
      ),
    );
    expect(registered.status, registered.body.slice(0, 300)).toBe(303);
    const cookie = String(([] as string[]).concat(registered.headers['set-cookie'] ?? [])[0]).split(
      ';',
    )[0]!;
    const formData = new FormData();
    const bytes = readFileSync('tests/fixtures/resumes/mohammed-al-farsi.txt');
    formData.append('file', new File([new Uint8Array(bytes)], 'mohammed-al-farsi.txt'));
    const req = new Request('http://localhost/', { method: 'POST', body: formData });
    const upload = await send(
      INDIA,
      'POST',
      '/api/falcon/api/public/users/v1/upload-and-parse-resume',
      { cookie, origin: originOf('rexmonster'), 'content-type': req.headers.get('content-type')! },
      Buffer.from(await req.arrayBuffer()),
    );
    expect(upload.status, upload.body.slice(0, 200)).toBe(200);
    const api = await send(INDIA, 'GET', '/api/trex/career-services/api/v1/getResumeScoreCard', {
      cookie,
    });
    const score = (JSON.parse(api.body) as { data: { score: number } }).data.score;
    expect(score).toBeGreaterThan(0);
    const page = await send(INDIA, 'GET', '/seeker/resume-score', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-score="${score}"`);
    expect(page.body).toContain(`${score} out of 100`);
  });
});

describe('sitemap and languages', () => {
  it('lists each browse page in three languages with reciprocal hreflang', async () => {
    const sitemap = (await get(GULF, '/sitemaps/seo.xml')).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const companies = await get(GULF, '/companies');
    const company = hrefs(companies.body, /href="(\/company\/[^"]+)"/g)[0]!;
    const browse = await get(GULF, '/browse-jobs');
    const fn = hrefs(browse.body, /href="(\/browse-jobs\/function\/[^"]+)"/g)[0]!;
    const industry = hrefs(browse.body, /href="(\/browse-jobs\/industry\/[^"]+)"/g)[0]!;
    const pages = [
      '/companies',
      company,
      '/browse-jobs',
      fn,
      industry,
      '/browse-jobs/locations',
      '/salaries',
    ];
    for (const path of pages) {
      const versions = { en: path, hi: `/hi${path}`, ar: `/ar${path}` };
      for (const [lang, localized] of Object.entries(versions)) {
        expect(locs, localized).toContain(localized);
        const page = await get(GULF, localized);
        expect(page.status, localized).toBe(200);
        expect(page.body).toContain(`<html lang="${lang}"`);
        expect(duplicateIds(page.body), localized).toEqual([]);
        expect(page.body.match(/<h1[\s>]/g), localized).toHaveLength(1);
        // Each version names all three, itself included: the links are reciprocal.
        expect(alternates(page.body), localized).toMatchObject({ ...versions, 'x-default': path });
      }
    }
    // The Arabic page reads right to left.
    expect((await get(GULF, '/ar/browse-jobs')).body).toContain('dir="rtl"');
  });

  it('are public pages in the page cache, the resume score page never', async () => {
    const companies = await get(INDIA, '/companies');
    const company = hrefs(companies.body, /href="(\/company\/[^"]+)"/g)[0]!;
    for (const path of [
      '/companies',
      company,
      '/browse-jobs',
      '/browse-jobs/locations',
      '/salaries',
    ]) {
      await get(INDIA, path);
      const again = await get(INDIA, path);
      expect(again.headers['x-astro-cache'], path).toBe('HIT');
      expect(String(again.headers['cache-control']), path).toMatch(/^public, .*s-maxage=\d+/);
    }
    const score = await get(INDIA, '/seeker/resume-score');
    expect(String(score.headers['cache-control'] ?? '')).not.toMatch(/public/);
  });

  it('home carries WebSite JSON-LD with a SearchAction', async () => {
    const home = await get(INDIA, '/');
    const site = jsonLd(home.body).find((d) => d['@type'] === 'WebSite');
    expect(JSON.stringify(site)).toContain('/search/results?q={search_term_string}');
  });
});

describe('splash screen', () => {
  it("comes as the phone visitor's own island on home, once a day, never in the shared page", async () => {
    const page = await send(INDIA, 'GET', '/', { 'user-agent': PHONE });
    expect(page.body).not.toContain('data-splash');
    const island = islandUrls(page.body).find((u) => u.includes('SplashSlot'));
    expect(island).toBeTruthy();
    // Only home has it: a deep link never gets a splash.
    const deep = await send(INDIA, 'GET', '/browse-jobs', { 'user-agent': PHONE });
    expect(islandUrls(deep.body).some((u) => u.includes('SplashSlot'))).toBe(false);
    const first = await send(INDIA, 'GET', island!, { 'user-agent': PHONE });
    // Closed in the HTML: the browser opens it as a modal (no interstitial without script).
    expect(first.body).toContain('<dialog class="splash"');
    expect(String(first.headers['set-cookie'])).toMatch(/^SPL=1;.*Max-Age=86400/);
    const again = await send(INDIA, 'GET', island!, { 'user-agent': PHONE, cookie: 'SPL=1' });
    expect(again.body).not.toContain('data-splash');
    const desktop = await send(INDIA, 'GET', island!, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
    });
    expect(desktop.body).not.toContain('data-splash');
  });
});
