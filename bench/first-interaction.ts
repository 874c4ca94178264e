/**
 * `npm run bench -- inp`: each island's first interaction as a phone visitor makes it, in
 * Chromium on a phone profile (390x844, touch) at Lighthouse's 4x CPU slowdown, after the page
 * has loaded and gone idle (when src/directives/interaction.ts prefetches the islands' code):
 * the longest Event Timing entry of that interaction (what INP counts; "good" is at most 200 ms)
 * and the time until its result shows.
 *
 *   npm run bench -- inp [--runs 3] [--cpu 4] [--port 4597] [--only "search box"]
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
  /** The first interaction; resolves when its result shows. */
  act(page: Page): Promise<void>;
}

const ISLANDS: Island[] = [
  ...(['en', 'ar'] as const).map((lang): Island => ({
    name: `search box ${lang}`,
    site: lang === 'en' ? 'rexmonster' : 'monstergulf',
    path: lang === 'en' ? '/' : '/ar/',
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
  return { longestEventMs: Math.round(longestEventMs), resultMs, byType };
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
      },
    });
    const runs = Number(values.runs);
    const cpu = Number(values.cpu);
    const port = Number(values.port);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jp-bench-inp-'));
    const server = await startServer(port, {
      DATA_DIR: dataDir,
      DEMO_JOBS: '400',
      DATABASE_URL: '',
      ADMISSION_WAIT_MS: '10000',
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const figures: Record<string, unknown> = { cpu, runs };
    try {
      let n = 0;
      for (const island of ISLANDS.filter((i) => i.name.includes(values.only ?? ''))) {
        const samples = [];
        for (let i = 0; i < runs; i++) samples.push(await measure(browser, port, island, cpu, n++));
        const row = {
          longestEventMs: median(samples.map((s) => s.longestEventMs)),
          resultMs: median(samples.map((s) => s.resultMs)),
          samples,
        };
        figures[island.name] = row;
        process.stdout.write(
          `${island.name.padEnd(20)} longest event ${String(row.longestEventMs).padStart(4)} ms, result after ${row.resultMs} ms\n`,
        );
      }
    } finally {
      await browser.close();
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
