/**
 * `npm run bench -- topology [--seconds 60] [--workers 1] [--guests 12] [--seekers 4]`
 * (after `npm run build`; as root it installs haproxy, pgbouncer, varnish and varnish-modules).
 *
 * Runs the production topology (bench/topology-stack.ts) under a mixed load of guests and two
 * logged-in seekers through Varnish, and mid-run kills one app server, stops the replica, then
 * restarts both. It changes a job and times how long Varnish takes to show the change (xkey purge
 * from the page-change notices). It reports requests, errors (the goal is 0), hit ratios at each
 * layer, and every answer that crossed visitors: a personal page or island served from Varnish,
 * or one seeker's name in an answer to the other or to a guest.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { PAGE_CACHE_CHANNEL } from '~/server/page-cache/announce';
import { jobPageTags } from '~/server/page-cache/tags';
import type { Benchmark } from './run';
import {
  PORTS,
  URLS,
  ensurePackages,
  pgbouncerQueries,
  startStack,
  varnishCounters,
} from './topology-stack';

const INDIA = 'rexmonster.localhost';
const GULF = 'monstergulf.localhost';
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function request(
  host: string,
  path: string,
  options: { method?: string; cookie?: string; body?: string; type?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORTS.varnish,
        path,
        method: options.method ?? 'GET',
        agent,
        timeout: 30_000,
        headers: {
          host: `${host}:${PORTS.varnish}`,
          'accept-encoding': 'identity',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body
            ? { 'content-type': options.type!, origin: `http://${host}:${PORTS.varnish}` }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(options.body);
  });
}

interface Seeker {
  name: string;
  /** The part of the name no other visitor has. */
  mark: string;
  cookie: string;
}

async function registerSeeker(tag: string): Promise<Seeker> {
  const stamp = `${Date.now()}`.slice(-7);
  // Names take letters only: the stamp's digits become letters, a mark no other page has.
  const mark = stamp.replace(/\d/g, (d) => 'bcdfghjklm'[Number(d)]!);
  const first = tag === 'A' ? 'Aarav' : 'Bilal';
  const name = `${first} Topology ${mark[0]!.toUpperCase()}${mark.slice(1)}`;
  const answer = await request(INDIA, '/seeker/registration', {
    method: 'POST',
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({
      careerStage: 'fresher',
      name,
      email: `topology.${tag.toLowerCase()}.${stamp}@example.com`,
      password: `Pw${stamp}secret`,
      isdCode: '91',
      mobile: `9${tag === 'A' ? 7 : 8}${stamp}0`.slice(0, 10),
    }).toString(),
  });
  const cookie = [answer.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (answer.status !== 303 || !cookie.includes('MSSOCLIENT')) {
    const messages = [...answer.body.matchAll(/class="[^"]*(?:error|alert)[^"]*"[^>]*>([^<]+)</g)];
    throw new Error(
      `registration failed: ${answer.status} ${messages.map((m) => m[1]).join(' | ')}`,
    );
  }
  return { name, mark: name.split(' ').at(-1)!, cookie };
}

const unescape = (s: string) => s.replace(/&amp;/g, '&');

/** Public pages a visitor reaches: home, searches, job and landing pages from the sitemaps. */
async function publicPaths(): Promise<string[]> {
  const xml = (await request(INDIA, '/sitemaps/jobs-1.xml')).body;
  const jobs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  if (jobs.length === 0) throw new Error('no job pages in the sitemap');
  return [
    '/',
    '/search/results?q=developer',
    '/search/results?q=sales&l=mumbai',
    '/search/results?q=accountant',
    '/career-advice',
    ...jobs.slice(0, 30),
  ];
}

interface Tally {
  requests: number;
  errors: number;
  errorSamples: string[];
  varnish: Record<string, number>;
  app: Record<string, number>;
  crossed: string[];
}

function newTally(): Tally {
  return { requests: 0, errors: 0, errorSamples: [], varnish: {}, app: {}, crossed: [] };
}

const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** One visitor's loop until `until`: a request at a time, each answer checked. */
async function visitor(
  tally: Tally,
  until: number,
  me: Seeker | null,
  others: Seeker[],
  pages: { public: string[]; personal: string[] },
): Promise<void> {
  while (Date.now() < until) {
    const personal = me !== null && Math.random() < 0.4;
    const host = !me && Math.random() < 0.2 ? GULF : INDIA;
    const path = personal ? pick(pages.personal) : host === GULF ? '/' : pick(pages.public);
    tally.requests++;
    let answer: Answer;
    try {
      answer = await request(host, path, me ? { cookie: me.cookie } : {});
    } catch (error) {
      tally.errors++;
      if (tally.errorSamples.length < 10) tally.errorSamples.push(`${path}: ${String(error)}`);
      continue;
    }
    const cache = String(answer.headers['x-cache'] ?? 'none');
    bump(tally.varnish, cache);
    if (cache !== 'HIT') bump(tally.app, String(answer.headers['x-astro-cache'] ?? 'render'));
    if (answer.status >= 500 || answer.status === 0 || answer.status === 404) {
      tally.errors++;
      if (tally.errorSamples.length < 10) tally.errorSamples.push(`${path}: ${answer.status}`);
    }
    if (personal && cache === 'HIT') tally.crossed.push(`personal ${path} served from Varnish`);
    for (const other of others)
      if (answer.body.includes(other.mark))
        tally.crossed.push(`${other.name} in an answer to ${me?.name ?? 'a guest'} (${path})`);
    if (personal && path === '/seeker/dashboard' && answer.status === 200)
      if (!answer.body.includes(me.mark))
        tally.crossed.push(`dashboard of ${me.name} without their name`);
  }
}

/** Changes a job's title and times how long Varnish takes to show it. */
async function purgeCheck(jobPath: string): Promise<{ seconds: number | null; job: number }> {
  const id = Number(/(\d+)(?:\D*)$/.exec(jobPath)?.[1]);
  const db = new pg.Client({ connectionString: URLS.direct });
  await db.connect();
  try {
    await request(INDIA, jobPath);
    const marker = `Purged ${Date.now()}`;
    const { rows } = await db.query<{ site_context: string }>(
      'update jobs set title = $1 where id = $2 returning site_context',
      [marker, id],
    );
    if (!rows[0]) return { seconds: null, job: id };
    await db.query('select pg_notify($1, $2)', [
      PAGE_CACHE_CHANNEL,
      JSON.stringify(jobPageTags(id, rows[0].site_context)),
    ]);
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      if ((await request(INDIA, jobPath)).body.includes(marker))
        return { seconds: (Date.now() - started) / 1000, job: id };
      await new Promise((r) => setTimeout(r, 200));
    }
    return { seconds: null, job: id };
  } finally {
    await db.end();
  }
}

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const ratio = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

export const topologyBenchmark: Benchmark = {
  name: 'topology',
  async run(args) {
    if (!existsSync('dist/start.mjs')) throw new Error('Build first: npm run build');
    const seconds = option(args, 'seconds', 60);
    const workers = option(args, 'workers', Number(process.env.WORKERS) || 1);
    const guests = option(args, 'guests', 12);
    const perSeeker = option(args, 'seekers', 4);
    ensurePackages();
    const stack = await startStack(workers);
    try {
      const seekers = [await registerSeeker('A'), await registerSeeker('B')];
      const home = (await request(INDIA, '/', { cookie: seekers[0]!.cookie })).body;
      const islands = [...home.matchAll(/\/_server-islands\/[^"'\s<>]+/g)].map((m) =>
        unescape(m[0]),
      );
      const pages = {
        public: await publicPaths(),
        personal: ['/seeker/dashboard', '/seeker/saved-jobs', ...new Set(islands)],
      };
      const tally = newTally();
      const before = { varnish: varnishCounters(), pgbouncer: pgbouncerQueries() };
      const started = Date.now();
      const until = started + seconds * 1000;
      const events: { at: number; event: string }[] = [];
      const at = (fraction: number, event: string, action: () => unknown) =>
        new Promise<void>((done) =>
          setTimeout(
            async () => {
              events.push({ at: Math.round((Date.now() - started) / 100) / 10, event });
              await action();
              done();
            },
            fraction * seconds * 1000,
          ),
        );
      const load = [
        ...Array.from({ length: guests }, () => visitor(tally, until, null, seekers, pages)),
        ...seekers.flatMap((me) =>
          Array.from({ length: perSeeker }, () =>
            visitor(
              tally,
              until,
              me,
              seekers.filter((s) => s !== me),
              pages,
            ),
          ),
        ),
      ];
      let purge: Awaited<ReturnType<typeof purgeCheck>> | undefined;
      const faults = [
        at(0.2, 'app server 1 killed (SIGKILL)', () => stack.killApp(0)),
        at(0.35, 'replica stopped', () => stack.stopReplica()),
        at(0.5, 'a job changed', async () => (purge = await purgeCheck(pages.public[5]!))),
        at(0.6, 'app server 1 restarted', () => stack.startApp(0)),
        at(0.7, 'replica restarted', () => stack.startReplica()),
      ];
      await Promise.all([...load, ...faults]);
      const after = { varnish: varnishCounters(), pgbouncer: pgbouncerQueries() };
      const delta = (b: Record<string, number>, a: Record<string, number>, k: string) =>
        (a[k] ?? 0) - (b[k] ?? 0);
      const varnishHits = delta(before.varnish, after.varnish, 'cache_hit');
      const varnishMisses = delta(before.varnish, after.varnish, 'cache_miss');
      const appAnswers = Object.values(tally.app).reduce((a, b) => a + b, 0);
      const primaryQueries = delta(before.pgbouncer, after.pgbouncer, 'primary');
      const replicaQueries = delta(before.pgbouncer, after.pgbouncer, 'replica');
      const figures = {
        seconds,
        workersPerAppServer: workers,
        visitors: { guests, perSeeker, seekers: seekers.length },
        requests: tally.requests,
        requestsPerSecond: Math.round(tally.requests / seconds),
        errors: tally.errors,
        errorSamples: tally.errorSamples,
        crossedVisitors: tally.crossed.length,
        crossedSamples: tally.crossed.slice(0, 10),
        varnish: {
          answers: tally.varnish,
          hitRatioPercent: ratio(varnishHits, varnishHits + varnishMisses),
        },
        appPageCache: {
          answers: tally.app,
          hitRatioPercent: ratio(tally.app.HIT ?? 0, appAnswers),
        },
        pgbouncer: {
          primaryQueries,
          replicaQueries,
          replicaSharePercent: ratio(replicaQueries, primaryQueries + replicaQueries),
        },
        purge,
        events,
        goalsMet: tally.errors === 0 && tally.crossed.length === 0 && purge?.seconds != null,
      };
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
      return figures;
    } finally {
      stack.stop();
      agent.destroy();
    }
  },
};
