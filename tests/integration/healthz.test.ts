import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GET } from '~/pages/healthz';
import { resetConfig } from '~/server/config';
import { closeDb } from '~/server/db/client';
import { dropTemplate, openTestDb, TEST_DATABASE_URL } from './db';

const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
const dataDir = mkdtempSync(path.join(tmpdir(), 'jp-healthz-'));

function useEnv(env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  process.env.DATABASE_URL = env.DATABASE_URL ?? '';
  process.env.DATA_DIR = env.DATA_DIR ?? '';
  resetConfig();
}

async function check() {
  const response = await GET({} as APIContext);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

afterEach(async () => {
  await closeDb();
});

afterAll(async () => {
  await dropTemplate();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfig();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /healthz', () => {
  it('answers 200 with the embedded database (a fresh data directory)', async () => {
    useEnv({ DATA_DIR: dataDir });
    const { status, body, headers } = await check();
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: 'pglite' });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it.runIf(TEST_DATABASE_URL)('answers 200 with PostgreSQL', async () => {
    const db = await openTestDb('postgres');
    try {
      useEnv({ DATABASE_URL: db.url as string });
      const { status, body } = await check();
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'ok', database: 'postgres' });
      await closeDb();
    } finally {
      await db.close();
    }
  });

  it('answers 503 without details when the database is unreachable, and recovers later', async () => {
    useEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/nowhere' });
    const down = await check();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable' });

    // A failed open is not cached: once the configuration points at a working database, it's ok.
    useEnv({ DATA_DIR: dataDir });
    expect((await check()).status).toBe(200);
  });
});
