/**
 * `npm run bench -- lighthouse`: Lighthouse's mobile performance audit (simulated slow 4G and a
 * 4x slower CPU, as PageSpeed Insights runs it) of each public page family in English on the
 * India site and in Arabic on the Gulf site: score, total blocking time, the paint metrics and
 * the JavaScript bytes the page loads (on the wire, compressed). `dashboard` is measured logged in:
 * a seeker registered for the run, whose session cookie Lighthouse sends. The server is the built one
 * (`npm run build` first) on a fresh embedded database with demo jobs; Chromium is Debian's
 * (CHROME_PATH, default /usr/bin/chromium), nothing is downloaded.
 *
 *   npm run bench -- lighthouse [--runs 1] [--jobs 400]
 *     [--pages home,job,results,seo,advice,login,companies,company,browse,salary,services,service,cart]
 *     [--langs en,ar] [--details] [--port 4594]
 *
 * `cart` is measured logged in: the bench registers a seeker on each site and puts a plan in the
 * cart first (the page's islands then have a full cart to render).
 *
 * With several runs each figure is the median run's (by score, then TBT). `--details` prints the
 * main-thread work by category and the longest tasks' scripts for each page. Scores on a shared
 * machine move by a few points between runs; the JavaScript bytes do not.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Benchmark } from './run';
import { startServer, stopServer } from './server';

/** The server's port; `--port` picks another (e.g. when two checkouts measure at once). */
let PORT = 4594;
const local = () => `http://127.0.0.1:${PORT}`;

/** The page families and the language each site is measured in. */
const SITES = {
  en: { context: 'rexmonster', prefix: '' },
  ar: { context: 'monstergulf', prefix: '/ar' },
} as const;
type Lang = keyof typeof SITES;
const FAMILIES = [
  'home',
  'job',
  'results',
  'seo',
  'advice',
  'login',
  'companies',
  'company',
  'browse',
  'salary',
  'dashboard',
  'profile',
  'services',
  'service',
  'cart',
] as const;
type Family = (typeof FAMILIES)[number];

interface Row {
  lang: Lang;
  page: Family;
  url: string;
  score: number | null;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  speedIndexMs: number;
  /** Script bytes on the wire (compressed) and their count. */
  jsBytes: number;
  jsFiles: number;
  /** Main-thread time by category and the scripts that took longest (with --details). */
  mainThread?: Record<string, number>;
  bootup?: { url: string; scriptingMs: number; parseMs: number }[];
}

/** A site's origin as the browser reaches it: <context>.localhost resolves to this machine. */
const origin = (lang: Lang) => `http://${SITES[lang].context}.localhost:${PORT}`;

/** A sitemap's paths as the site (by Host header) lists them; fetch() would drop the header. */
function sitemapPaths(lang: Lang, sitemap: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${local()}${sitemap}`,
      { headers: { host: `${SITES[lang].context}.localhost:${PORT}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${sitemap}: ${res.statusCode}`));
          else
            resolve(
              [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname),
            );
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One page of each family, in the site's language (sitemaps list the English paths first). */
async function samplePaths(lang: Lang): Promise<Record<Family, string>> {
  const { prefix } = SITES[lang];
  const english = (paths: string[]) => paths.filter((p) => !/^\/(hi|ar)\//.test(p));
  const first = (paths: string[], test: RegExp, what: string) => {
    const found = english(paths).find((p) => test.test(p));
    if (!found) throw new Error(`no ${what} page in the ${lang} sitemaps`);
    return found;
  };
  const jobs = await sitemapPaths(lang, '/sitemaps/jobs-1.xml');
  const seo = await sitemapPaths(lang, '/sitemaps/seo.xml');
  const advice = await sitemapPaths(lang, '/sitemaps/career-advice.xml');
  return {
    home: `${prefix}/`,
    job: `${prefix}${first(jobs, /^\/job\//, 'job')}`,
    results: `${prefix}/search/results?q=sales`,
    seo: `${prefix}${first(seo, /(^\/|-)jobs-in-/, 'SEO landing')}`,
    advice: `${prefix}${first(advice, /\.html$/, 'career-advice article')}`,
    login: `${prefix}/rio/login`,
    companies: `${prefix}/companies`,
    company: `${prefix}${first(seo, /^\/company\//, 'company')}`,
    browse: `${prefix}/browse-jobs`,
    // A role's salary page when enough jobs show salaries, else the salaries hub.
    salary: `${prefix}${english(seo).find((p) => /^\/salaries\/./.test(p)) ?? '/salaries'}`,
    dashboard: `${prefix}/seeker/dashboard`,
    profile: `${prefix}/seeker/profile`,
    services: `${prefix}/career-services`,
    service: `${prefix}/career-services/career-booster`,
    cart: `${prefix}/career-services/cart`,
  };
}

/** A POST as a browser on the site sends it (fetch() would drop the Host header). */
function post(
  lang: Lang,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; cookies: string[] }> {
  const host = `${SITES[lang].context}.localhost:${PORT}`;
  return new Promise((resolve, reject) => {
    const req = request(
      `${local()}${path}`,
      { method: 'POST', headers: { host, origin: `http://${host}`, ...headers } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A new seeker's session cookie on the site: the registration form's POST, as a browser sends it. */
async function seekerCookie(lang: Lang): Promise<string> {
  const n = `${Date.now()}`.slice(-7);
  const form = new URLSearchParams({
    careerStage: 'professional',
    name: 'Bench Buyer',
    email: `bench-${lang}-${n}@example.com`,
    password: 'benchPass123',
    ...(lang === 'en'
      ? { isdCode: '91', mobile: `98${n}1` }
      : { isdCode: '966', mobile: `55${n}` }),
  });
  const registered = await post(lang, '/seeker/registration', form.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  const cookie = registered.cookies.map((c) => c.split(';')[0]).join('; ');
  if (!cookie.includes('MSSOCLIENT')) throw new Error(`${lang}: registration gave no session`);
  return cookie;
}

/** A new seeker's session cookie with two services in the cart (the addToCart call). */
async function seekerWithCart(lang: Lang): Promise<string> {
  const cookie = await seekerCookie(lang);
  const added = await post(
    lang,
    '/api/trex/career-services/api/v1/addToCart',
    JSON.stringify({ skus: ['career-booster/3-months', 'resume-writing/professional'] }),
    { cookie, 'content-type': 'application/json' },
  );
  if (added.status !== 200) throw new Error(`${lang}: addToCart answered ${added.status}`);
  return cookie;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

async function audit(
  port: number,
  url: string,
  details: boolean,
  headers?: Record<string, string>,
): Promise<Omit<Row, 'lang' | 'page'>> {
  const result = await lighthouse(url, {
    port,
    ...(headers ? { extraHeaders: headers } : {}),
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const row: Omit<Row, 'lang' | 'page'> = {
    url,
    score:
      lhr.categories.performance?.score == null
        ? null
        : Math.round(lhr.categories.performance.score * 100),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    speedIndexMs: num('speed-index'),
    jsBytes: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    jsFiles: scripts.length,
  };
  if (details) {
    const breakdown = lhr.audits['mainthread-work-breakdown']?.details as
      { items?: { groupLabel?: string; group?: string; duration: number }[] } | undefined;
    row.mainThread = Object.fromEntries(
      (breakdown?.items ?? []).map((i) => [i.groupLabel ?? i.group ?? '?', Math.round(i.duration)]),
    );
    const bootup = lhr.audits['bootup-time']?.details as
      { items?: { url: string; scripting: number; scriptParseCompile: number }[] } | undefined;
    row.bootup = (bootup?.items ?? []).map((i) => ({
      url: i.url.replace(/^https?:\/\/[^/]+/, ''),
      scriptingMs: Math.round(i.scripting),
      parseMs: Math.round(i.scriptParseCompile),
    }));
  }
  return row;
}

function median<T extends { score: number | null; tbtMs: number }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.tbtMs - b.tbtMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function formatRow(r: Row): string {
  return (
    `${r.lang} ${r.page.padEnd(8)} score ${String(r.score ?? '-').padStart(3)}  TBT ${String(r.tbtMs).padStart(5)} ms  ` +
    `FCP ${String(r.fcpMs).padStart(5)}  LCP ${String(r.lcpMs).padStart(5)}  CLS ${r.cls.toFixed(3)}  ` +
    `SI ${String(r.speedIndexMs).padStart(5)}  JS ${(r.jsBytes / 1024).toFixed(1).padStart(6)} KB in ${r.jsFiles}  ${r.url}`
  );
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  async run(args: string[]) {
    if (!existsSync('dist/start.mjs')) throw new Error('Build first: npm run build');
    const { values } = parseArgs({
      args,
      options: {
        runs: { type: 'string', default: '1' },
        jobs: { type: 'string', default: '400' },
        pages: { type: 'string', default: FAMILIES.join(',') },
        langs: { type: 'string', default: Object.keys(SITES).join(',') },
        details: { type: 'boolean', default: false },
        port: { type: 'string', default: String(PORT) },
      },
      allowPositionals: true,
    });
    const runs = Math.max(1, Number(values.runs));
    PORT = Number(values.port);
    const families = String(values.pages)
      .split(',')
      .filter((p): p is Family => (FAMILIES as readonly string[]).includes(p));
    const langs = String(values.langs)
      .split(',')
      .filter((l): l is Lang => l in SITES);
    process.env.CHROME_PATH ??= '/usr/bin/chromium';

    const dataDir = mkdtempSync(path.join(tmpdir(), 'jp-bench-lighthouse-'));
    const rows: Row[] = [];
    const failures: { lang: Lang; page: Family; url: string; error: string }[] = [];
    let chromium: chromeLauncher.LaunchedChrome | undefined;
    let server: ChildProcess | undefined;
    try {
      process.stdout.write(`loading ${values.jobs} demo jobs...\n`);
      server = await startServer(PORT, {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_JOBS: String(values.jobs),
      });
      chromium = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      });
      for (const lang of langs) {
        const paths = await samplePaths(lang);
        for (const page of families) {
          const url = `${origin(lang)}${paths[page]}`;
          const results = [];
          try {
            const cookie =
              page === 'cart'
                ? await seekerWithCart(lang)
                : page === 'dashboard' || page === 'profile'
                  ? await seekerCookie(lang)
                  : undefined;
            const headers = cookie ? { Cookie: cookie } : undefined;
            // A first visit warms the server (templates, queries); Lighthouse measures the next ones.
            await fetch(url, { headers }).catch(() => null);
            for (let i = 0; i < runs; i++) {
              results.push(await audit(chromium.port, url, values.details, headers));
            }
          } catch (error) {
            failures.push({ lang, page, url, error: String(error) });
            process.stdout.write(`  ${lang} ${page.padEnd(8)} failed: ${String(error)}\n`);
            continue;
          }
          const row: Row = { lang, page, ...median(results) };
          rows.push(row);
          process.stdout.write(`  ${formatRow(row)}\n`);
          if (values.details) {
            process.stdout.write(`      main thread: ${JSON.stringify(row.mainThread)}\n`);
            for (const b of row.bootup ?? []) {
              process.stdout.write(
                `      ${String(b.scriptingMs).padStart(5)} ms script ${String(b.parseMs).padStart(4)} ms parse  ${b.url}\n`,
              );
            }
          }
        }
      }
    } finally {
      chromium?.kill();
      if (server) await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
    process.stdout.write('\n');
    for (const row of rows) process.stdout.write(`${formatRow(row)}\n`);
    return {
      benchmark: 'lighthouse',
      date: new Date().toISOString(),
      machine: { cores: availableParallelism(), node: process.version },
      lighthouse: 'mobile (default config: simulated throttling, Moto G Power screen)',
      runs,
      rows,
      failures,
    };
  },
};
