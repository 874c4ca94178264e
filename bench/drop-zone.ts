/**
 * `npm run bench -- dropzone`: what the resume drop zone costs, on home (English on the India
 * site, Arabic on the Gulf site) and on a seeker's profile, in Chromium at Lighthouse's 4x CPU
 * slowdown: the script bytes a page loads before any interaction (on the wire, compressed), the
 * bytes and the main thread's long-task time (beyond 50 ms each, as TBT counts it) from the first
 * press on the zone until it is ready, and that time itself (the island's hydration on first
 * interaction; 0 when the zone was ready before it).
 *
 *   npm run bench -- dropzone [--runs 5] [--cpu 4] [--other DIR] [--port 4596]
 *
 * `--other` is another built checkout (e.g. the commit before a change): both servers run and are
 * measured in turn in the same run, so their figures compare. `npm run build` first in each.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright';
import type { Benchmark } from './run';
import { startServer, stopServer } from './server';

interface Sample {
  name: string;
  site: string;
  path: string;
  seeker?: boolean;
}
const SAMPLES: Sample[] = [
  { name: 'home en', site: 'rexmonster', path: '/' },
  { name: 'home ar', site: 'monstergulf', path: '/ar/' },
  { name: 'profile en', site: 'rexmonster', path: '/seeker/profile', seeker: true },
];

interface Run {
  jsOnLoadBytes: number;
  jsOnLoadFiles: number;
  readyBeforeInteraction: boolean;
  wakeMs: number;
  wakeBytes: number;
  wakeBlockingMs: number;
}

/** A seeker registered by a form post (as a browser would), as the session cookie. */
function registerSeeker(port: number, site: string, label: string): Promise<string> {
  const host = `${site}.localhost:${port}`;
  const stamp = `${label}${Date.now().toString(36)}`;
  const body = new URLSearchParams({
    careerStage: 'professional',
    name: 'Bench Seeker',
    email: `bench-${stamp}@example.com`,
    password: 'Harbour#2026',
    isdCode: '91',
    mobile: `9${String(Date.now()).slice(-9)}`,
  }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/seeker/registration',
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/x-www-form-urlencoded',
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

async function measure(
  browser: Browser,
  port: number,
  sample: Sample,
  cookie: string | undefined,
  cpu: number,
): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: `http://${sample.site}.localhost:${port}` }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const scripts: number[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'script')
      pending.push(r.sizes().then((s) => void scripts.push(s.responseBodySize)));
  });
  await page.goto(`http://${sample.site}.localhost:${port}${sample.path}`, {
    waitUntil: 'networkidle',
  });
  await Promise.all(pending);
  const onLoad = scripts.reduce((a, b) => a + b, 0);
  const onLoadFiles = scripts.length;
  const wake = await page.evaluate(async () => {
    const root = document.querySelector<HTMLElement>('[data-resume-drop]')!;
    const readyBefore = root.dataset.ready === 'true';
    let blocking = 0;
    const observer = new PerformanceObserver((list) => {
      for (const task of list.getEntries()) blocking += Math.max(0, task.duration - 50);
    });
    observer.observe({ type: 'longtask' });
    const start = performance.now();
    const ready = new Promise<number>((resolve) => {
      if (root.dataset.ready) return resolve(performance.now());
      new MutationObserver(() => {
        if (root.dataset.ready) resolve(performance.now());
      }).observe(root, { attributes: true });
    });
    // A press on the zone itself (not its button): wakes the island or the plain script alike.
    root
      .querySelector('.resume-drop')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    const end = await ready;
    // Long tasks are reported after they end: give the last one time to arrive.
    await new Promise((r) => setTimeout(r, 300));
    observer.disconnect();
    return { readyBefore, ms: readyBefore ? 0 : end - start, blocking };
  });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const run: Run = {
    jsOnLoadBytes: onLoad,
    jsOnLoadFiles: onLoadFiles,
    readyBeforeInteraction: wake.readyBefore,
    wakeMs: Math.round(wake.ms),
    wakeBytes: scripts.reduce((a, b) => a + b, 0) - onLoad,
    wakeBlockingMs: Math.round(wake.blocking),
  };
  await context.close();
  return run;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export const dropZoneBenchmark: Benchmark = {
  name: 'dropzone',
  async run(args: string[]) {
    const { values } = parseArgs({
      args,
      options: {
        runs: { type: 'string', default: '5' },
        cpu: { type: 'string', default: '4' },
        other: { type: 'string' },
        port: { type: 'string', default: '4596' },
      },
      allowPositionals: true,
    });
    const builds = [
      { label: 'this', dir: process.cwd() },
      ...(values.other ? [{ label: 'other', dir: path.resolve(values.other) }] : []),
    ];
    for (const b of builds) {
      if (!existsSync(path.join(b.dir, 'dist/start.mjs'))) throw new Error(`Build ${b.dir} first`);
    }
    const runs = Math.max(1, Number(values.runs));
    const cpu = Number(values.cpu);
    const servers: { label: string; port: number; child: ChildProcess; dataDir: string }[] = [];
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const rows: Record<string, unknown>[] = [];
    try {
      for (const [i, b] of builds.entries()) {
        const port = Number(values.port) + i;
        const dataDir = mkdtempSync(path.join(tmpdir(), 'jp-bench-dropzone-'));
        const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_JOBS: '100' };
        servers.push({ label: b.label, port, dataDir, child: await startServer(port, env, b.dir) });
      }
      for (const sample of SAMPLES) {
        const cookies = new Map<string, string | undefined>();
        for (const s of servers) {
          const cookie = sample.seeker ? await registerSeeker(s.port, sample.site, s.label) : '';
          cookies.set(s.label, cookie || undefined);
        }
        const results = new Map<string, Run[]>(servers.map((s) => [s.label, []]));
        // Builds alternate run by run, so the machine's load falls on both alike.
        for (let r = 0; r < runs; r++) {
          for (const s of servers) {
            results
              .get(s.label)!
              .push(await measure(browser, s.port, sample, cookies.get(s.label), cpu));
          }
        }
        for (const s of servers) {
          const list = results.get(s.label)!;
          const pick = (key: keyof Run) => median(list.map((x) => Number(x[key])));
          const row = {
            build: s.label,
            page: sample.name,
            jsOnLoadBytes: pick('jsOnLoadBytes'),
            jsOnLoadFiles: pick('jsOnLoadFiles'),
            readyBeforeInteraction: list.every((x) => x.readyBeforeInteraction),
            wakeMs: pick('wakeMs'),
            wakeBytes: pick('wakeBytes'),
            wakeBlockingMs: pick('wakeBlockingMs'),
            wakeMsRuns: list.map((x) => x.wakeMs),
          };
          rows.push(row);
          process.stdout.write(
            `  ${s.label.padEnd(5)} ${sample.name.padEnd(10)} JS on load ${(row.jsOnLoadBytes / 1024).toFixed(1).padStart(5)} KB in ${row.jsOnLoadFiles}` +
              `  first press: ready ${row.readyBeforeInteraction ? 'before' : `in ${row.wakeMs} ms`} (runs ${row.wakeMsRuns.join(', ')}),` +
              ` +${(row.wakeBytes / 1024).toFixed(1)} KB, ${row.wakeBlockingMs} ms blocking\n`,
          );
        }
      }
    } finally {
      await browser.close();
      for (const s of servers) {
        await stopServer(s.child);
        rmSync(s.dataDir, { recursive: true, force: true });
      }
    }
    return {
      benchmark: 'dropzone',
      date: new Date().toISOString(),
      machine: { cores: availableParallelism(), node: process.version },
      cpuSlowdown: cpu,
      runs,
      builds,
      rows,
    };
  },
};
