/**
 * Every page family, in English (India) and Arabic (Gulf), as a guest and as a logged-in seeker:
 * the Nu HTML Checker (vnu, tests/e2e/nu-checker.ts) reports no error, and
 * axe-core (in Chromium) reports no violation. Pages are found by following the site's own links,
 * so the check follows the product as it changes; a results page and a landing page are checked
 * on a second page of results, so their pagination is.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, form, originOf, post } from './accounts-helpers';
import { get, launchChromium, port, siteUrl } from './helpers';
import { nuErrors } from './nu-checker';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Sample {
  name: string;
  site: string;
  path: string;
  cookie?: string;
}

const GUEST_PATHS = [
  '/',
  '/search/results?q=developer',
  '/search/walkin-jobs',
  '/career-advice',
  '/aspire',
  '/career-services',
  '/career-services/cart',
  '/rio/login',
  '/rio/forgot-password',
  '/seeker/registration',
  '/seeker/free-job-alert',
  '/connect-with-us',
  '/feedback',
  '/companies',
  '/browse-jobs',
  '/browse-jobs/locations',
  '/salaries',
  '/no-such-page',
];
const SEEKER_PATHS = [
  '/seeker/dashboard',
  '/seeker/profile',
  '/seeker/settings',
  '/seeker/job-alert-list',
  '/seeker/recommended-jobs',
  '/seeker/notifications',
  '/seeker/profile-performance',
  '/seeker/resume-builder',
  '/seeker/subscriptions',
  '/seeker/saved-jobs',
  '/seeker/applications',
  '/seeker/my-data',
  '/seeker/delete-account',
  '/seeker/resume-score',
  '/career-services/cart',
];

/** The first link on a page whose path matches, found in its HTML. */
async function firstLink(site: string, from: string, pattern: RegExp): Promise<string | null> {
  const page = await get(`${site}.localhost`, from);
  for (const match of page.body.matchAll(/href="([^"#]+)"/g)) {
    const href = match[1]!.replace(/&amp;/g, '&');
    if (pattern.test(href.split('?')[0]!)) return href.replace(/^https?:\/\/[^/]+/, '');
  }
  return null;
}

/** The first page among `paths` that shows pagination (more than one page of results). */
async function firstPaginated(site: string, paths: string[]): Promise<string | null> {
  for (const p of paths) {
    const page = await get(`${site}.localhost`, p);
    if (page.status === 200 && page.body.includes('class="pagination"')) return p;
  }
  return null;
}

/** Every landing page (/{skill}-jobs, /jobs-in-{city}...) a page links to, as paths. */
async function landingLinks(site: string, from: string): Promise<string[]> {
  const page = await get(`${site}.localhost`, from);
  const paths = [...page.body.matchAll(/href="([^"#?]+)"/g)]
    .map((m) => m[1]!.replace(/^https?:\/\/[^/]+/, ''))
    .filter((p) => /-jobs(-in-[^/]+)?$|\/jobs-in-[^/]+$/.test(p));
  return [...new Set(paths)];
}

async function seekerCookie(site: string): Promise<string> {
  const a = account(`quality${site}`);
  const answer = await post(
    `${site}.localhost`,
    '/seeker/registration',
    form({
      careerStage: 'professional',
      name: a.name,
      email: a.email,
      password: a.password,
      isdCode: '91',
      mobile: a.mobile,
    }),
    {
      origin: originOf(site),
      'x-forwarded-for': site === 'rexmonster' ? '192.0.2.181' : '192.0.2.182',
    },
  );
  expect(answer.status, answer.body.slice(0, 300)).toBe(303);
  return String(answer.headers['set-cookie']).split(';')[0]!;
}

/** A page's HTML as the server sends it (Node cannot resolve *.localhost: the Host header says it). */
function html(sample: Sample): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: sample.path,
        headers: {
          host: `${sample.site}.localhost:${port()}`,
          ...(sample.cookie ? { cookie: sample.cookie } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const samples: Sample[] = [];
/** One seeker (registered on India, with an Indian mobile) looks at both sites. */
let cookie: string | undefined;

beforeAll(async () => {
  for (const [site, prefix] of [
    ['rexmonster', ''],
    ['monstergulf', '/ar'],
  ] as const) {
    const found = [
      await firstLink(site, `${prefix}/search/results?q=developer`, /\/job\/[^/]+$/),
      await firstLink(site, `${prefix}/`, /-jobs(-in-[^/]+)?$/),
      await firstLink(site, `${prefix}/career-advice`, /\/career-advice\/.+\.html$/),
      await firstLink(site, `${prefix}/career-services`, /\/career-services\/[a-z-]+$/),
      await firstLink(site, `${prefix}/companies`, /\/company\/[^/]+$/),
      await firstLink(site, `${prefix}/browse-jobs`, /\/browse-jobs\/(function|industry)\/[^/]+$/),
      await firstLink(site, `${prefix}/salaries`, /\/salaries\/[^/]+$/),
    ].filter((p): p is string => p !== null);
    // A job family role's landing page (in Arabic at a path in Arabic script, sent encoded).
    const role = await firstLink(
      site,
      `${prefix}/browse-jobs`,
      /^(\/[a-z0-9-]+-jobs|\/ar\/وظائف-[^/]+)$/,
    );
    expect(role, `${site}: a role landing page`).not.toBeNull();
    found.push(encodeURI(role!));
    for (const p of [...GUEST_PATHS.map((p) => `${prefix}${p}`), ...found]) {
      samples.push({ name: `${site} guest ${p}`, site, path: p });
    }
    cookie ??= await seekerCookie('rexmonster');
    for (const p of SEEKER_PATHS) {
      samples.push({ name: `${site} seeker ${prefix}${p}`, site, path: `${prefix}${p}`, cookie });
    }
  }
  // Pagination, in English and Arabic: a results page and a landing page with more than one
  // page of results, on their second page (the Gulf's demo landing pages may have one page only:
  // India's Arabic ones are tried too).
  for (const prefix of ['', '/ar']) {
    const sites = prefix ? ['monstergulf', 'rexmonster'] : ['rexmonster'];
    let results: Sample | null = null;
    let landing: Sample | null = null;
    for (const site of sites) {
      const resultsPath = await firstPaginated(site, [`${prefix}/search/results?page=2`]);
      results ??= resultsPath
        ? { name: `${site} guest ${resultsPath}`, site, path: resultsPath }
        : null;
      const links = await landingLinks(site, `${prefix}/`);
      const landingPath = await firstPaginated(
        site,
        links.map((p) => `${p}?page=2`),
      );
      landing ??= landingPath
        ? { name: `${site} guest ${landingPath}`, site, path: landingPath }
        : null;
    }
    expect(results, `results with pagination (${prefix || 'en'})`).not.toBeNull();
    expect(landing, `landing page with pagination (${prefix || 'en'})`).not.toBeNull();
    samples.push(results!, landing!);
  }
}, 180_000);

describe('HTML and accessibility of every page family', () => {
  it('has no error from the Nu HTML Checker', async () => {
    const documents = [];
    for (const sample of samples) documents.push({ name: sample.name, html: await html(sample) });
    expect(nuErrors(documents)).toEqual([]);
  }, 300_000);

  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has no axe-core violation', async () => {
    const violations: string[] = [];
    // One browser context per visitor (guest, seeker): the pages' script policy would refuse the
    // injected checker, so only these test contexts bypass it.
    const contexts = new Map<string, Promise<BrowserContext>>();
    const contextFor = (sample: Sample) => {
      const key = sample.cookie ?? 'guest';
      if (!contexts.has(key)) {
        contexts.set(
          key,
          (async () => {
            const context = await browser.newContext({ bypassCSP: true });
            if (sample.cookie) {
              const [name, value] = sample.cookie.split('=') as [string, string];
              for (const site of ['rexmonster', 'monstergulf']) {
                await context.addCookies([{ name, value, url: siteUrl(site) }]);
              }
            }
            return context;
          })(),
        );
      }
      return contexts.get(key)!;
    };
    const check = async (sample: Sample) => {
      const page = await (await contextFor(sample)).newPage();
      await page.goto(siteUrl(sample.site, sample.path), { waitUntil: 'load' });
      // Server islands (the per-visitor parts) arrive after the page.
      await page
        .waitForFunction(() => document.querySelectorAll('server-island').length === 0, null, {
          timeout: 5_000,
        })
        .catch(() => {});
      await page.evaluate(AXE_SOURCE);
      const result = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (o: unknown) => Promise<{
                violations: { id: string; nodes: { target: string[] }[] }[];
              }>;
            };
          }
        ).axe;
        return axe.run({ rules: { 'label-content-name-mismatch': { enabled: true } } });
      });
      for (const v of result.violations) {
        violations.push(
          `${sample.name}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      }
      await page.close();
    };
    // Three pages at a time: each page's checker runs in its own renderer process.
    const queue = [...samples];
    const worker = async () => {
      for (let sample = queue.shift(); sample; sample = queue.shift()) await check(sample);
    };
    await Promise.all([worker(), worker(), worker()]);
    for (const context of contexts.values()) await (await context).close();
    expect(violations.sort()).toEqual([]);
  }, 600_000);
});
