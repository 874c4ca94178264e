/**
 * Portals of a test's own: the built server (dist/start.mjs) on a free port with a fresh embedded
 * database (or DATABASE_URL), requests on connections of their own, and accounts registered
 * through the registration form.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const HOST = 'rexmonster.localhost';

export interface Portal {
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const running: Portal[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

export async function startPortal(env: Record<string, string>, ready = true): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ops-'));
  let log = '';
  const child = spawn(process.execPath, ['dist/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_JOBS: '60',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // Requests wait their turn rather than being shed (see global-setup.ts).
      ADMISSION_WAIT_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const portal = { port, dataDir, child, output: () => log, exited };
  running.push(portal);
  if (!ready) return portal;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${log}`);
    const answer = await send(portal, 'GET', '/readyz').catch(() => null);
    if (answer?.status === 200) return portal;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the portal did not get ready:\n${log}`);
}

export async function stopPortal(portal: Portal) {
  if (portal.child.exitCode === null) portal.child.kill('SIGTERM');
  await portal.exited;
  rmSync(portal.dataDir, { recursive: true, force: true });
}

/** Stops every portal started since the last call (each test file calls it in afterEach). */
export async function stopAllPortals(): Promise<void> {
  await Promise.all(running.splice(0).map(stopPortal));
}

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request on a connection of its own (so the cluster can hand it to any process). With
 * `pieces`, the body goes chunked in that many pieces, `gapMs` apart.
 */
export function send(
  portal: Portal,
  method: string,
  urlPath: string,
  options: {
    body?: string;
    headers?: Record<string, string>;
    pieces?: number;
    gapMs?: number;
  } = {},
): Promise<Answer> {
  const chunked = options.pieces !== undefined && options.body !== undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: portal.port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          host: `${HOST}:${portal.port}`,
          origin: `http://${HOST}:${portal.port}`,
          connection: 'close',
          ...(options.body !== undefined && !chunked
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...(chunked ? { 'transfer-encoding': 'chunked' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        const done = () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers });
        res.on('end', done);
        // Cut while we were still sending: what arrived is the answer.
        res.on('close', done);
      },
    );
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A server that answers before the whole body (a refusal) closes while we still send:
      // its answer may still be on its way.
      const cut = error.code === 'EPIPE' || error.code === 'ECONNRESET';
      if (!cut) return reject(error);
      setTimeout(() => (answered ? undefined : reject(error)), 1_000);
    });
    if (!chunked) return void req.end(options.body);
    const bytes = Buffer.from(options.body!);
    const size = Math.max(1, Math.ceil(bytes.length / options.pieces!));
    void (async () => {
      for (let at = 0; at < bytes.length && !req.destroyed && !answered; at += size) {
        req.write(bytes.subarray(at, at + size));
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
      req.end();
    })();
  });
}

export const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

export function account(tag: string) {
  const stamp = `${Date.now()}`.slice(-7);
  return {
    name: 'Operations Tester',
    email: `ops.${tag}.${stamp}@example.com`,
    password: `Pw${stamp}secret`,
    mobile: `97${stamp}${tag.length}`.slice(0, 10),
  };
}

export async function register(portal: Portal, a: ReturnType<typeof account>): Promise<string> {
  const answer = await send(portal, 'POST', '/seeker/registration', {
    body: new URLSearchParams({
      careerStage: 'fresher',
      name: a.name,
      email: a.email,
      password: a.password,
      isdCode: '91',
      mobile: a.mobile,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answer.status, answer.body.slice(0, 300)).toBe(303);
  return String(answer.headers['set-cookie']).split(';')[0]!;
}

/**
 * A PostgreSQL database of the test's own on TEST_DATABASE_URL's server: `create()` makes it
 * afresh, `drop()` removes it (connections and all), `url` reaches it.
 */
export function scratchDatabase(name: string) {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async create() {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`create database ${name}`);
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
