/**
 * The PostgreSQL pool keeps POOL_KEPT connections through idle time, so a site that rests does
 * not make its next visitor's search pay for a new connection (decision 0065), and lets the
 * connections a burst opened beyond them close.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createDb, POOL_KEPT } from '~/server/db/client';
import { TEST_DATABASE_URL } from './db';

describe.skipIf(!TEST_DATABASE_URL)('connection pool on PostgreSQL', () => {
  it('keeps POOL_KEPT connections open through idle time and closes those beyond', async () => {
    const size = POOL_KEPT + 2;
    const handle = await createDb({
      url: TEST_DATABASE_URL,
      poolSize: size,
      poolIdleTimeoutMs: 50,
      migrate: false,
    });
    try {
      const pool = handle.pool!;
      const backendPids = (n: number) =>
        Promise.all(
          Array.from({ length: n }, () =>
            pool
              .query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)')
              .then((r) => r.rows[0]!.pid),
          ),
        );
      // A burst: as many statements at once as the pool holds open that many connections.
      const burst = await backendPids(size);
      expect(new Set(burst).size).toBe(size);

      await sleep(500); // ten idle timeouts
      expect(pool.totalCount).toBe(POOL_KEPT);
      // The kept connections are backends of the burst, still there: none was opened anew.
      const kept = await backendPids(POOL_KEPT);
      expect(new Set(kept).size).toBe(POOL_KEPT);
      for (const pid of kept) expect(burst).toContain(pid);
      expect(pool.totalCount).toBe(POOL_KEPT);
    } finally {
      await handle.close();
    }
  });
});
