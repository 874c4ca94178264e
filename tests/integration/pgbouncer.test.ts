/**
 * The app behind PgBouncer in transaction mode (Debian's pgbouncer, in front of TEST_DATABASE_URL's
 * server): each transaction may run on another server connection, so nothing may rely on a
 * session. Migrations (an advisory lock held across statements) and LISTEN go to the direct
 * address (DATABASE_DIRECT_URL); job pages' prepared query must work on any connection.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '~/server/config';
import { createDb, type DbHandle } from '~/server/db/client';
import { importJobLines } from '~/server/jobs/import';
import { getJob } from '~/server/jobs/service';
import { announcePageChanges } from '~/server/page-cache/announce';
import { listenForPageChanges } from '~/server/page-cache/listen';
import { TEST_DATABASE_URL } from './db';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));
const PORT = 21_000 + (process.pid % 9_000);
const DATABASE = `jp_bouncer_${process.pid}`;

function posting(id: string) {
  return JSON.stringify({
    '@type': 'JobPosting',
    identifier: { '@type': 'PropertyValue', name: 'feed', value: id },
    title: `Lighthouse Keeper ${id}`,
    description: 'Keeps the light.',
    datePosted: new Date().toISOString().slice(0, 10),
    hiringOrganization: { '@type': 'Organization', name: 'Coastal Lights' },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Kochi', addressCountry: 'IN' },
    },
  });
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// CI installs pgbouncer (.ci/run): there a missing one fails instead of skipping.
describe.skipIf(!TEST_DATABASE_URL || (!PGBOUNCER && !process.env.CI))(
  'behind PgBouncer in transaction mode',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jp-bouncer-'));
    let bouncer: ChildProcess | undefined;
    let handle: DbHandle;
    let directUrl: string;
    let pooledUrl: string;

    beforeAll(async () => {
      const server = new URL(TEST_DATABASE_URL!);
      await admin(`drop database if exists ${DATABASE}`);
      await admin(`create database ${DATABASE}`);
      const direct = new URL(server);
      direct.pathname = `/${DATABASE}`;
      directUrl = direct.href;
      pooledUrl = `postgres://${server.username || 'postgres'}@127.0.0.1:${PORT}/${DATABASE}`;
      chmodSync(dir, 0o777);
      writeFileSync(path.join(dir, 'users.txt'), `"${server.username || 'postgres'}" ""\n`);
      const ini = path.join(dir, 'pgbouncer.ini');
      writeFileSync(
        ini,
        [
          '[databases]',
          `${DATABASE} = host=${server.hostname} port=${server.port || 5432} dbname=${DATABASE}`,
          '[pgbouncer]',
          'listen_addr = 127.0.0.1',
          `listen_port = ${PORT}`,
          'unix_socket_dir =',
          'auth_type = trust',
          `auth_file = ${path.join(dir, 'users.txt')}`,
          'pool_mode = transaction',
          'default_pool_size = 4',
          `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        ].join('\n') + '\n',
      );
      // PgBouncer refuses to run as root.
      const asRoot = process.getuid?.() === 0;
      bouncer = spawn(
        asRoot ? 'runuser' : PGBOUNCER!,
        asRoot ? ['-u', 'postgres', '--', PGBOUNCER!, '-q', ini] : ['-q', ini],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 20_000;
      for (;;) {
        try {
          execFileSync('psql', [pooledUrl, '-Atc', 'select 1'], { stdio: 'ignore' });
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      handle = await createDb({ url: pooledUrl, migrationUrl: directUrl, poolSize: 8 });
    });

    afterAll(async () => {
      await handle?.close();
      bouncer?.kill();
      rmSync(dir, { recursive: true, force: true });
      await admin(`drop database if exists ${DATABASE} with (force)`);
    });

    it('migrates over the direct connection and serves job pages from any pooled connection', async () => {
      const summary = await importJobLines(handle.db, [posting('a'), posting('b')]);
      expect(summary.imported).toBe(2);
      const pool = new pg.Pool({ connectionString: pooledUrl, max: 1 });
      const { rows } = await pool.query<{ id: number }>('select id from jobs order by id');
      await pool.end();
      // Many at once: the pool's client connections land on different server connections.
      const pages = await Promise.all(
        Array.from({ length: 40 }, (_, i) => getJob(Number(rows[i % rows.length]!.id), handle.db)),
      );
      expect(new Set(pages.map((job) => job?.title))).toEqual(
        new Set(['Lighthouse Keeper a', 'Lighthouse Keeper b']),
      );
    });

    it('hears page-change notices written through the pooler on the direct connection', async () => {
      const saved = { ...process.env };
      process.env.DATABASE_URL = pooledUrl;
      process.env.DATABASE_DIRECT_URL = directUrl;
      resetConfig();
      try {
        const heard: string[][] = [];
        const alsoHeard: string[][] = [];
        await listenForPageChanges((tags) => heard.push(tags));
        await listenForPageChanges((tags) => alsoHeard.push(tags));
        await handle.db.transaction((tx) => announcePageChanges(tx, ['job:1', 'jobs:rexmonster']));
        const deadline = Date.now() + 5_000;
        while (heard.length === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        expect(heard).toEqual([['job:1', 'jobs:rexmonster']]);
        expect(alsoHeard).toEqual(heard);
      } finally {
        process.env = saved;
        resetConfig();
      }
    });
  },
);
