/**
 * The production server as an operator runs it (dist/start.mjs, built by `npm run build`), each
 * test with servers of its own: what its log holds after account flows, a SIGTERM during load,
 * the refusal of several processes on the embedded database, and, on PostgreSQL, two processes
 * on one port sharing logins and rate limits and losing no request when one of them stops.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HOST,
  TEST_DATABASE_URL,
  account,
  json,
  register,
  scratchDatabase,
  send,
  startPortal,
  stopAllPortals,
  stopPortal,
  type Answer,
  type Portal,
} from './portal';

afterEach(stopAllPortals);

const LOGIN = '/api/rio/api/public/anonymous-users/v1/login';
const ME = '/api/trex/users/v1/me';

describe('the production server', { timeout: 180_000 }, () => {
  it('writes JSON log lines without emails, phone numbers, passwords, OTPs or tokens', async () => {
    const portal = await startPortal({});
    const a = account('log');
    const cookie = await register(portal, a);
    const token = cookie.split('=')[1]!;
    expect(
      (await send(portal, 'POST', LOGIN, json({ email: a.email, password: 'wrong1pass' }))).status,
    ).toBe(401);
    const login = await send(portal, 'POST', LOGIN, json({ email: a.email, password: a.password }));
    expect(login.status).toBe(200);
    const sent = await send(
      portal,
      'POST',
      '/api/rio/api/public/anonymous-users/v1/send-otp',
      json({ isdCode: '91', mobile: a.mobile }),
    );
    expect(sent.status, sent.body).toBe(200);
    const outbox = path.join(portal.dataDir, 'outbox', 'sms');
    const text = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .join('\n');
    const otp = /\b(\d{6})\b/.exec(text)?.[1];
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await send(
      portal,
      'POST',
      '/api/rio/api/public/anonymous-users/v1/verify-otp',
      json({ isdCode: '91', mobile: a.mobile, otp }),
    );
    expect(verified.status, verified.body).toBe(200);

    const lines = portal
      .output()
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const entry of requests) {
      expect(entry).toMatchObject({ level: 'info', method: expect.any(String) });
      expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry.ms).toEqual(expect.any(Number));
    }
    expect(requests.map((e) => e.route)).toContain('/seeker/registration');
    const all = portal.output();
    for (const secret of [a.email, a.mobile, a.password, 'wrong1pass', otp!, token]) {
      expect(all, secret).not.toContain(secret);
    }
    expect(all).not.toContain('example.com');
  });

  it('finishes the requests in flight on SIGTERM, then stops', async () => {
    const portal = await startPortal({});
    // Requests whose bodies are still arriving when the signal comes: surely in flight.
    const body = JSON.stringify({ text: 'developer', appName: 'seeker' });
    const slow = Array.from({ length: 3 }, () => {
      let rest = () => {};
      const answer = new Promise<Answer>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: portal.port,
            path: '/api/raven/api/public/search/v1/auto-fill',
            method: 'POST',
            agent: false,
            headers: {
              host: `${HOST}:${portal.port}`,
              origin: `http://${HOST}:${portal.port}`,
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: {} }));
          },
        );
        req.on('error', reject);
        req.flushHeaders();
        req.write(body.slice(0, 5));
        rest = () => req.end(body.slice(5));
      });
      return { answer, rest: () => rest() };
    });
    const pages = ['/search/results?q=developer', '/', '/search/results?q=sales'].map((p) =>
      send(portal, 'GET', p),
    );
    await new Promise((r) => setTimeout(r, 500));
    portal.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // Still running: the process waits for them.
    expect(portal.child.exitCode).toBeNull();
    for (const request of slow) request.rest();
    const answers = await Promise.all([...slow.map((r) => r.answer), ...pages]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(JSON.parse(answers[0]!.body).success).toBe(true);
    expect(await portal.exited).toBe(0);
    await expect(send(portal, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    expect(portal.output()).toMatch(/"msg":"shutting down"/);
    expect(portal.output()).toMatch(/"msg":"stopped"/);
  });

  it('runs the embedded database in a worker thread whose data a SIGTERM leaves whole', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-embedded-'));
    try {
      const first = await startPortal({ DATA_DIR: dataDir, DEMO_JOBS: '60' });
      expect(first.output()).toMatch(/"database":"pglite","embedded":"worker-thread"/);
      // It listened before its database was ready: a request then waits instead of being refused.
      expect(first.output().indexOf('"msg":"listening"')).toBeGreaterThan(-1);
      expect(first.output().indexOf('"msg":"listening"')).toBeLessThan(
        first.output().indexOf('"msg":"database ready"'),
      );
      const listed = async (portal: Portal) =>
        (await send(portal, 'GET', '/sitemaps/jobs-1.xml')).body.replaceAll(`:${portal.port}`, '');
      const before = await listed(first);
      expect(before).toContain('<loc>');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      // No demo jobs this time: what it lists is what the first process committed.
      const second = await startPortal({ DATA_DIR: dataDir, DEMO_JOBS: '0' });
      expect(await listed(second)).toBe(before);
      await stopPortal(second);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses several processes on the embedded database with a clear message', async () => {
    const portal = await startPortal({ WORKERS: '2' }, false);
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toMatch(/WORKERS=2 needs PostgreSQL \(DATABASE_URL\)/);
  });
});

// PostgreSQL only (several processes need it); runs wherever the integration tests do.
describe.each(TEST_DATABASE_URL ? ['postgres'] : [])(
  'two processes on %s',
  { timeout: 180_000 },
  () => {
    const database = scratchDatabase(`jp_ops_${process.pid}`);

    /** Process ids of the server processes that logged "listening", in order. */
    const workerPids = (portal: Portal) =>
      [...portal.output().matchAll(/"pid":(\d+)[^\n]*"msg":"listening"/g)].map((m) => Number(m[1]));

    it('share logins and rate limits, and lose no request when one of them stops', async () => {
      await database.create();
      try {
        const portal = await startPortal({ DATABASE_URL: database.url, WORKERS: '2' });
        const deadline = Date.now() + 30_000;
        while (workerPids(portal).length < 2 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
        }
        const pids = workerPids(portal);
        expect(pids).toHaveLength(2);

        // A login made on one process is known to both: every answer sees the seeker.
        const a = account('cluster');
        const cookie = await register(portal, a);
        const seen = await Promise.all(
          Array.from({ length: 12 }, () => send(portal, 'GET', ME, { headers: { cookie } })),
        );
        expect(seen.map((s) => s.status)).toEqual(seen.map(() => 200));
        // Each answer's log line names the process; log lines are written asynchronously, so wait
        // (bounded) until all of them are there.
        const answerer = (id: string) =>
          new RegExp(`"pid":(\\d+)[^\\n]*"reqId":"${id}"`).exec(portal.output())?.[1];
        const ids = seen.map((s) => String(s.headers['x-request-id']));
        const logDeadline = Date.now() + 10_000;
        while (ids.some((id) => !answerer(id)) && Date.now() < logDeadline) {
          await new Promise((r) => setTimeout(r, 100));
        }
        const answeredBy = new Set(ids.map(answerer));
        expect(answeredBy.size).toBe(2);

        // Failed logins counted by either process hold the client back on both.
        for (let i = 0; i < 4; i++) {
          const wrong = await send(
            portal,
            'POST',
            LOGIN,
            json({ email: a.email, password: 'nope1234' }),
          );
          expect(wrong.status).toBe(401);
        }
        const held = await Promise.all(
          Array.from({ length: 4 }, () =>
            send(portal, 'POST', LOGIN, json({ email: a.email, password: a.password })),
          ),
        );
        expect(held.map((h) => h.status)).toEqual([429, 429, 429, 429]);

        // A small load; one process is stopped in the middle. Every request is answered.
        const paths = [
          '/',
          '/search/results?q=developer',
          '/api/raven/api/public/search/v1/auto-fill?text=jav',
        ];
        const statuses: number[] = [];
        let stopped = false;
        const client = async (n: number) => {
          for (let i = 0; i < 40; i++) {
            const answer = await send(portal, 'GET', paths[(i + n) % paths.length]!);
            statuses.push(answer.status);
            if (!stopped && statuses.length === 30) {
              stopped = true;
              process.kill(pids[0]!, 'SIGTERM');
            }
          }
        };
        await Promise.all([0, 1, 2, 3].map(client));
        expect(stopped).toBe(true);
        expect(statuses).toHaveLength(160);
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        // The primary started a replacement for the stopped process.
        const replaced = Date.now() + 30_000;
        while (workerPids(portal).length < 3 && Date.now() < replaced) {
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(workerPids(portal)).toHaveLength(3);

        // /metrics (from this machine) sums the processes' counters.
        const metrics = await send(portal, 'GET', '/metrics');
        expect(metrics.status).toBe(200);
        expect(metrics.body).toMatch(/http_requests_total\{[^}]*route="\/"/);
        expect(metrics.body).toMatch(/db_pool_connections\{/);
        await stopPortal(portal);
        expect(await portal.exited).toBe(0);
      } finally {
        await database.drop();
      }
    });

    it('serves search from the replica, and from the primary with no error page when it stops', async () => {
      const dir = path.join(tmpdir(), `jp-ops-replica-${process.pid}`);
      // Below 32768, where Linux picks the local ports of outgoing connections.
      const pairPort = 20_001 + (process.pid % 6_000) * 2;
      const pair = (command: string) =>
        execFileSync(path.resolve('scripts/replica.sh'), [command, dir, String(pairPort)], {
          encoding: 'utf8',
        });
      const env = Object.fromEntries(
        pair('start')
          .trim()
          .split('\n')
          .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
      );
      try {
        const portal = await startPortal({
          DATABASE_URL: env.DATABASE_URL!,
          DATABASE_REPLICA_URL: env.DATABASE_REPLICA_URL!,
          WORKERS: '1',
        });
        // Each search its own address: a cached results page would not read the database.
        const search = (n: number) => send(portal, 'GET', `/search/results?q=developer&n=${n}`);
        const jobLinks = (html: string) =>
          [...html.matchAll(/href="(\/job\/[^"]+)"/g)].map((m) => m[1]);
        // The replica replays the demo jobs the portal has just seeded on the primary a moment
        // later: its first searches may find none yet.
        let before = await search(1);
        for (let n = 100; n < 160 && jobLinks(before.body).length === 0; n++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          before = await search(n);
        }
        expect(before.status).toBe(200);
        // The search opened connections to the replica.
        const metrics = (await send(portal, 'GET', '/metrics')).body;
        const replicaConnections = /db_pool_connections\{pool="replica",state="total"\} (\d+)/.exec(
          metrics,
        )?.[1];
        expect(Number(replicaConnections)).toBeGreaterThan(0);
        // A write marks the visitor for reads from the primary for a few seconds.
        const wrote = await send(
          portal,
          'POST',
          '/api/raven/api/public/search/v1/auto-fill',
          json({ text: 'jav' }),
        );
        expect(String(wrote.headers['set-cookie'])).toMatch(/jp_recent_write=1; Max-Age=10/);
        pair('stop-replica');
        const during = await search(2);
        expect(during.status).toBe(200);
        // The same jobs, read from the primary.
        expect(jobLinks(before.body).length).toBeGreaterThan(0);
        expect(jobLinks(during.body)).toEqual(jobLinks(before.body));
        expect(portal.output()).toMatch(/read replica unavailable, reading from the primary/);
        await stopPortal(portal);
      } finally {
        pair('stop');
      }
    });
  },
);
