/**
 * `npm run bench -- inp`: each island's first interaction as a phone visitor makes it, in
 * Chromium on a phone profile (390x844, touch) at Lighthouse's 4x CPU slowdown, after the page
 * has loaded and gone idle (when src/directives/interaction.ts prefetches the islands' code):
 * the longest Event Timing entry of that interaction (what INP counts; "good" is at most 200 ms)
 * and the time until its result shows; also the page's blocking time from its start until the
 * touch (long tasks' time over 50 ms, as TBT counts it, hydration ahead of the touch included)
 * and whether the island had hydrated before the touch.
 *
 *   npm run bench -- inp [--runs 3] [--cpu 4] [--port 4597] [--only "search box"]
 *     [--base ../other-checkout]
 *
 * `--base` measures a second build side by side (another checkout with its own `npm run build`,
 * served on the next port): each run visits this build and the base in turn, so both see the
 * same load on a shared machine; compare the ratio, not the times.
 *
 * Islands: the search box (a tap on the keywords, then a key; result: suggestions), Add to cart
 * on the catalogue (result: the header count), the resume drop zone's "Choose file" (result: the
 * file picker), the dashboard's profile dialog closed with its × (result: the dialog gone). The
 * user agent names Lighthouse, so no splash is drawn over home. `npm run build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright';
import type { Benchmark } from './run';
import { startServer, stopServer } from './server';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';

interface Island {
  name: string;
  site: string;
  path: string;
  seeker?: boolean;
  /** The element first touched (whether its island had hydrated before the touch is noted). */
  target: string;
  /** The first interaction; resolves when its result shows. */
  act(page: Page): Promise<void>;
}

const ISLANDS: Island[] = [
  ...(['en', 'ar'] as const).map((lang): Island => ({
    name: `search box ${lang}`,
    site: lang === 'en' ? 'rexmonster' : 'monstergulf',
    path: lang === 'en' ? '/' : '/ar/',
    target: '[data-searchbox] input[name="q"]',
    async act(page) {
      await page.locator('[data-searchbox] input[name="q"]').first().tap();
      await page.keyboard.press('d');
      await page.locator('[data-searchbox] [role="option"]').first().waitFor();
    },
  })),
  {
    name: 'add to cart en',
    site: 'rexmonster',
    path: '/career-services',
    target: '.cs-card-add button[type="submit"]',
    async act(page) {
      await page.locator('.cs-card-add button[type="submit"]').first().tap();
      await page.waitForFunction(
        () => document.querySelector('.header-actions .cart-badge')?.textContent === '1',
      );
    },
  },
  {
    name: 'drop zone en',
    site: 'rexmonster',
    path: '/',
    target: '.resume-drop button',
    async act(page) {
      const chooser = page.waitForEvent('filechooser');
      await page.locator('.resume-drop button', { hasText: 'Choose file' }).tap();
      await chooser;
    },
  },
  {
    name: 'profile dialog en',
    site: 'rexmonster',
    path: '/seeker/dashboard',
    seeker: true,
    target: '.ed-dialog .ed-close',
    async act(page) {
      await page.locator('.ed-dialog .ed-close').tap();
      await page.locator('.ed-dialog').waitFor({ state: 'detached' });
    },
  },
];

/** A professional registered by a form post, as the session cookie. */
function registerSeeker(port: number, site: string, n: number): Promise<string> {
  const body = new URLSearchParams({
    careerStage: 'professional',
    name: 'Bench Seeker',
    email: `inp-${n}-${Date.now()}@example.com`,
    password: 'benchpass123',
    isdCode: '91',
    mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/seeker/registration',
        method: 'POST',
        headers: {
          host: `${site}.localhost:${port}`,
          origin: `http://${site}.localhost:${port}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.18.${n % 250}.${(n * 7) % 250}`,
        },
      },
      (res) => {
        res.resume();
        const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
        if (res.statusCode === 303 && cookie) resolve(cookie);
        else reject(new Error(`registration answered ${res.statusCode}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function measure(browser: Browser, port: number, island: Island, cpu: number, n: number) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });
  if (island.seeker) {
    const [name, value] = (await registerSeeker(port, island.site, n)).split('=') as [
      string,
      string,
    ];
    await context.addCookies([{ name, value, url: `http://${island.site}.localhost:${port}` }]);
  }
  // Long tasks from the start (the page's own blocking time until the touch, TBT's way).
  await context.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(`http://${island.site}.localhost:${port}${island.path}`, {
    waitUntil: 'networkidle',
  });
  if (island.seeker) await page.locator('.ed-dialog').waitFor();
  // Idle after load: the directive's prefetch has run (or is running) as it would for a visitor.
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    const w = window as unknown as { longestEvent: number; byType: Record<string, number> };
    w.longestEvent = 0;
    w.byType = {};
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (!e.interactionId) continue;
        w.longestEvent = Math.max(w.longestEvent, e.duration);
        w.byType[e.name] = Math.max(w.byType[e.name] ?? 0, Math.round(e.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  // Astro drops the island's `ssr` attribute once it has hydrated.
  const hydratedBefore = await page
    .locator(island.target)
    .first()
    .evaluate((el) => !el.closest('astro-island')?.hasAttribute('ssr'));
  const blockingMs = await page.evaluate(() =>
    Math.round(
      (window as unknown as { longTasks: number[] }).longTasks.reduce(
        (sum, d) => sum + Math.max(0, d - 50),
        0,
      ),
    ),
  );
  const started = Date.now();
  await island.act(page);
  const resultMs = Date.now() - started;
  // Event Timing entries are delivered after the next paint.
  await page.waitForTimeout(500);
  const { longestEventMs, byType } = await page.evaluate(() => {
    const w = window as unknown as { longestEvent: number; byType: Record<string, number> };
    return { longestEventMs: w.longestEvent, byType: w.byType };
  });
  await context.close();
  // byType: the longest entry of each event type (which part of the interaction costs).
  return {
    longestEventMs: Math.round(longestEventMs),
    resultMs,
    hydratedBefore,
    blockingMs,
    byType,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const firstInteractionBenchmark: Benchmark = {
  name: 'inp',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        runs: { type: 'string', default: '3' },
        cpu: { type: 'string', default: '4' },
        port: { type: 'string', default: '4597' },
        only: { type: 'string', default: '' },
        base: { type: 'string', default: '' },
      },
    });
    const runs = Number(values.runs);
    const cpu = Number(values.cpu);
    const port = Number(values.port);
    const builds = [{ label: '', dir: process.env.BENCH_APP_DIR || process.cwd(), port }];
    if (values.base)
      builds.push({ label: 'base ', dir: path.resolve(values.base), port: port + 1 });
    const dataDirs = builds.map(() => mkdtempSync(path.join(tmpdir(), 'jp-bench-inp-')));
    const servers = await Promise.all(
      builds.map((build, i) =>
        startServer(
          build.port,
          {
            DATA_DIR: dataDirs[i]!,
            DEMO_JOBS: '400',
            DATABASE_URL: '',
            ADMISSION_WAIT_MS: '10000',
          },
          build.dir,
        ),
      ),
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const figures: Record<string, unknown> = { cpu, runs };
    try {
      let n = 0;
      for (const island of ISLANDS.filter((i) => i.name.includes(values.only ?? ''))) {
        const samples: Awaited<ReturnType<typeof measure>>[][] = builds.map(() => []);
        for (let i = 0; i < runs; i++) {
          for (const [b, build] of builds.entries()) {
            samples[b]!.push(await measure(browser, build.port, island, cpu, n++));
          }
        }
        for (const [b, build] of builds.entries()) {
          const row = {
            longestEventMs: median(samples[b]!.map((s) => s.longestEventMs)),
            resultMs: median(samples[b]!.map((s) => s.resultMs)),
            hydratedBefore: samples[b]!.filter((s) => s.hydratedBefore).length,
            blockingMs: median(samples[b]!.map((s) => s.blockingMs)),
            samples: samples[b],
          };
          figures[`${build.label}${island.name}`] = row;
          process.stdout.write(
            `${`${build.label}${island.name}`.padEnd(25)} longest event ${String(row.longestEventMs).padStart(4)} ms, result after ${row.resultMs} ms, blocking before it ${row.blockingMs} ms, hydrated before it ${row.hydratedBefore}/${runs}\n`,
          );
        }
      }
    } finally {
      await browser.close();
      for (const server of servers) await stopServer(server);
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
