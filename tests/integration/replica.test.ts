/**
 * A real primary with a streaming read replica (scripts/replica.sh: Debian's PostgreSQL,
 * pg_basebackup, its own ports): imported jobs reach replica-served search within a second, and
 * a stopped replica costs nothing but the lag-free reads going to the primary.
 */
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SEARCH } from '~/lib/search/state';
import { resetConfig } from '~/server/config';
import {
  closeDb,
  createDb,
  getReadDb,
  queryRows,
  withReadPreference,
  type Db,
  type DbHandle,
} from '~/server/db/client';
import { importJobLines } from '~/server/jobs/import';
import { searchJobs } from '~/server/search/service';

const SCRIPT = path.resolve('scripts/replica.sh');
// Directly under the temporary directory: the postgres user must be able to reach it.
const dir = path.join(tmpdir(), `jp-replica-${process.pid}`);
// A port pair of our own, away from 5432 and from other runs (derived from the process id), and
// below 32768, where Linux picks the local ports of outgoing connections: a server could not
// bind a port an open connection held.
const PORT = 20_000 + (process.pid % 6_000) * 2;

const replica = (command: string) =>
  execFileSync(SCRIPT, [command, dir, String(PORT)], { encoding: 'utf8' });

let handle: DbHandle;
let pairUrls: Record<string, string> = {};

function posting(id: string) {
  return JSON.stringify({
    '@type': 'JobPosting',
    identifier: { '@type': 'PropertyValue', name: 'feed', value: id },
    title: `Quokka Wrangler ${id}`,
    description: 'Looks after quokkas.',
    datePosted: new Date().toISOString().slice(0, 10),
    hiringOrganization: { '@type': 'Organization', name: 'Rottnest Care' },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' },
    },
  });
}

async function inRecovery(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ r: boolean }>(db, sql`select pg_is_in_recovery() as r`);
  return row?.r === true;
}

/** Waits (bounded) until the replica has replayed everything the primary has written so far. */
async function caughtUp(primary: Db, replicaDb: Db): Promise<void> {
  const [target] = await queryRows<{ lsn: string }>(
    primary,
    sql`select pg_current_wal_lsn()::text as lsn`,
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [row] = await queryRows<{ done: boolean }>(
      replicaDb,
      sql`select pg_last_wal_replay_lsn() >= ${target!.lsn}::pg_lsn as done`,
    );
    if (row?.done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the replica did not catch up with the primary within a minute');
}

describe('read replica', () => {
  beforeAll(async () => {
    const env = Object.fromEntries(
      replica('start')
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    pairUrls = env;
    handle = await createDb({ url: env.DATABASE_URL, replicaUrl: env.DATABASE_REPLICA_URL });
    // The migrations just ran on the primary; the timed check below is about one import only.
    await caughtUp(handle.db, handle.readDb!);
  });

  afterAll(async () => {
    await handle?.close();
    replica('stop');
  });

  it('serves reads from the replica, and an imported job is found there within a second', async () => {
    const readDb = handle.readDb!;
    expect(await inRecovery(readDb)).toBe(true);
    expect(await inRecovery(handle.db)).toBe(false);

    const summary = await importJobLines(handle.db, [posting('q1')]);
    expect(summary.imported).toBe(1);
    const deadline = Date.now() + 1_000;
    let titles: string[] = [];
    while (Date.now() < deadline) {
      const found = await searchJobs('rexmonster', { ...EMPTY_SEARCH, q: 'quokka' }, readDb);
      titles = found.jobs.map((job) => job.title);
      if (titles.length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(titles).toEqual(['Quokka Wrangler q1']);
  });

  it('reads from the primary while the replica is down, and from the replica once it is back', async () => {
    const readDb = handle.readDb!;
    replica('stop-replica');
    try {
      const found = await searchJobs('rexmonster', { ...EMPTY_SEARCH, q: 'quokka' }, readDb);
      expect(found.jobs.map((job) => job.title)).toEqual(['Quokka Wrangler q1']);
      expect(await inRecovery(readDb)).toBe(false);
    } finally {
      replica('start-replica');
    }
    // After the retry pause the replica takes the reads again.
    await new Promise((r) => setTimeout(r, 5_200));
    expect(await inRecovery(readDb)).toBe(true);
  });

  it('sends a request that has just written to the primary, others to the replica', async () => {
    const saved = { ...process.env };
    process.env.DATABASE_URL = pairUrls.DATABASE_URL;
    process.env.DATABASE_REPLICA_URL = pairUrls.DATABASE_REPLICA_URL;
    resetConfig();
    try {
      expect(await inRecovery(await withReadPreference('replica', () => getReadDb()))).toBe(true);
      expect(await inRecovery(await withReadPreference('primary', () => getReadDb()))).toBe(false);
    } finally {
      await closeDb();
      process.env = saved;
      resetConfig();
    }
  });
});
