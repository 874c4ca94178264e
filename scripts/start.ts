/**
 * The production server (`npm run serve`, built by `npm run build` into dist/start.mjs, so no
 * TypeScript compiler runs in production):
 * 1. checks the site files and the configuration, migrates the database (seeding demo jobs into
 *    an empty one);
 * 2. serves the built portal on PORT with WORKERS processes (node:cluster shares the port; one
 *    process serves directly, without a cluster, and listens at once: requests wait for step 1
 *    rather than being refused while it runs). Every body is read first within its route's
 *    limit and deadline, unreadable requests are refused, and renders take turns in the admission
 *    queue (scripts/http/, decision 0072). The embedded database allows one process only;
 *    Built client files (dist/client) are answered first, precompressed; then cached public pages
 *    (scripts/http/fast-pages.ts, docs/decisions/0051-cached-pages-fast-path.md); every other
 *    answer is compressed on the fly (scripts/http/, docs/decisions/0030-compression-and-static-assets.md);
 * 3. on SIGTERM or SIGINT: says "not ready" on /readyz, stops accepting connections, lets requests
 *    in flight finish for up to SHUTDOWN_TIMEOUT_MS, closes the database, exits.
 * Logs are JSON lines on stdout (src/server/ops/logger.ts).
 */
import './production-mode';
import cluster, { type Worker } from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AggregatorRegistry } from 'prom-client';
import { config } from '~/server/config';
import { closeDb, getDbHandle, peekDbHandle, runPgliteInWorker } from '~/server/db/client';
import { DataDirInUseError } from '~/server/db/data-dir-lock';
import { log, routeConsoleToLog } from '~/server/ops/logger';
import { METRICS_REPLY, METRICS_REQUEST } from '~/server/ops/metrics';
import { markDraining } from '~/server/ops/readiness';
import { compressResponses } from './http/compress';
import { admission } from './http/admission';
import { hasBody, readBody } from './http/bodies';
import {
  answerClientError,
  refuseConnect,
  refuseUnreadable,
  rewritePaths,
} from './http/early-refusals';
import { serveCachedPage } from './http/fast-pages';
import { firstAnswer, preloadFirstPage } from './http/first-page';
import { indexStaticFiles, serveStatic } from './http/static-files';

/**
 * Headers arrive at once from any real client: 20 s for them. A body has its route's deadline
 * (SPEC §9: 60 s, resume uploads 120 s; scripts/http/bodies.ts); Node's own deadline for the
 * whole request is the backstop behind it. Node checks both every second (not every 30 s).
 */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 125_000;
const TIMEOUT_CHECK_MS = 1_000;

routeConsoleToLog();
// The embedded database (no DATABASE_URL) runs in a worker thread of its own (dist/pglite-worker.mjs,
// built beside this file), so a slow query does not hold up every request (decision 0035).
runPgliteInWorker(new URL('./pglite-worker.mjs', import.meta.url));

function fatal(error: unknown): never {
  log.fatal(error instanceof Error ? error.message : String(error));
  // The log hides numbers (they may be phone numbers): the holder's pid and port said in full.
  if (error instanceof DataDirInUseError) process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

/** How many server processes to run; refuses more than one on the embedded database. */
function workerCount(): number {
  const onPostgres = Boolean(config.DATABASE_URL);
  const wanted = config.WORKERS ?? (onPostgres ? availableParallelism() : 1);
  if (!onPostgres && wanted > 1) {
    throw new Error(
      `WORKERS=${wanted} needs PostgreSQL (DATABASE_URL): the embedded database in DATA_DIR can be ` +
        'opened by one process only. Set DATABASE_URL, or leave WORKERS unset (1).',
    );
  }
  return wanted;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let astroHandler: Promise<Handler> | undefined;

/**
 * The built portal's handler, loaded once: while the database opens in its thread, at start. The
 * modules the first page needs (the middleware, the home page) are loaded with it, not on the
 * first request (scripts/http/first-page.ts).
 */
function loadHandler(): Promise<Handler> {
  astroHandler ??= import(pathToFileURL(resolve('dist/server/entry.mjs')).href).then(
    async (entry: { handler: Handler }) => {
      await preloadFirstPage(resolve('dist/server'));
      return entry.handler;
    },
  );
  return astroHandler;
}

/**
 * Site files, migrations and demo data: once, before any process serves a page (with one process,
 * while it already listens and holds the requests that come).
 */
async function prepare(workers: number): Promise<void> {
  const since = (from: number) => Math.round(performance.now() - from);
  const loadedMs = Math.round(performance.now());
  // Importing validates every site file: a broken one stops here with its file and field.
  await import('../sites/index');
  // Loaded beside the database's start (it runs in a thread of its own), not after it.
  if (workers === 1) loadHandler().catch(() => {});
  let from = performance.now();
  const handle = await getDbHandle();
  const openMs = since(from);
  from = performance.now();
  const { prepareDatabase } = await import('~/server/startup');
  await prepareDatabase({ seedJobs: config.DEMO_JOBS });
  const prepareMs = since(from);
  // A script refused while this serves names us (decision 0069).
  handle.dataDirLock?.describe({ role: 'server' });
  // Where a start's time goes: loading this script, opening (and migrating) the database, then
  // countries and demo jobs (decision 0072).
  log.info(
    {
      database: handle.driver,
      embedded: handle.embedded,
      sinceStartMs: Math.round(performance.now()),
      loadedMs,
      openMs,
      prepareMs,
    },
    'database ready',
  );
}

/**
 * While the process prepares, the probes say so at once (503, as when the database does not
 * answer) instead of waiting with the pages; true when it answered.
 */
function answerStarting(req: IncomingMessage, res: ServerResponse): boolean {
  if (!/^\/(healthz|readyz)(\?|$)/.test(req.url ?? '')) return false;
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '1',
  });
  res.end(JSON.stringify({ status: 'unavailable' }));
  return true;
}

/**
 * Serves the built portal in this process until SIGTERM/SIGINT, then drains and exits. Given the
 * preparation still under way (one process), it listens at once: built files are answered, the
 * probes say "unavailable", and every other request waits until the database is ready and is then
 * answered (decision 0072, "A quick restart"), instead of a refused connection.
 */
async function serve(preparing: Promise<void> = Promise.resolve()): Promise<void> {
  let handler: Handler | undefined;
  const ready = preparing.then(loadHandler).then((loaded) => {
    handler = loaded;
  });
  ready.catch(() => {}); // its failure is the caller's (fatal)
  const staticFiles = indexStaticFiles(resolve('dist/client'));
  const compress = compressResponses();
  // Renders take turns; past the wait, 503 with Retry-After (scripts/http/admission.ts).
  const queue = admission({
    concurrency: config.ADMISSION_CONCURRENCY,
    maxWaitMs: config.ADMISSION_WAIT_MS,
  });
  // While draining, answers ask the client to close its connection instead of keeping it.
  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (refuseUnreadable(req, res)) return;
    rewritePaths(req);
    if (serveStatic(staticFiles, req, res)) return;
    // A fresh cached page: its stored bytes and headers, without the pipeline (decision 0051).
    if (!handler) {
      if (!answerStarting(req, res)) void ready.then(() => route(req, res));
      return;
    }
    const render = handler;
    if (config.PAGE_FAST_PATH && serveCachedPage(req, res)) return;
    queue.admit(req, res, () => compress(req, res, () => render(req, res)));
  };
  const server = createServer({ connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    if (draining) res.setHeader('connection', 'close');
    if (!hasBody(req)) return route(req, res);
    // The whole body first, within its route's limit and deadline (decision 0072), also when the
    // request is then refused: a client still sending when its connection closed would lose
    // the answer.
    void readBody(req, res).then((body) => {
      if (!body) return;
      (req as IncomingMessage & { body?: Buffer }).body = body;
      route(req, res);
    });
  });
  server.on('clientError', answerClientError);
  server.on('connect', refuseConnect);
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((done, fail) => {
    // The port taken while the data directory is too: the data directory's refusal names its
    // holder (decision 0069), so it is the one said.
    server.once('error', (error) => void ready.then(() => fail(error), fail));
    server.listen(config.PORT, config.HOST, () => done());
  });
  log.info({ port: config.PORT, host: config.HOST }, 'listening');
  await ready;
  await startControl();
  // Before anything slow: a signal while the background worker starts must still drain.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void drain(server, signal));
  }
  // Its packages and its queue's queries would share the thread and the database with the first
  // page: it starts once a first answer is out (or 10 s after listening), not before it.
  await firstAnswer(server, 10_000);
  await startBackgroundWorkerInProcess();
}

let draining = false;
let stopBackgroundWorker: (() => Promise<void>) | undefined;
let stopControl: (() => Promise<void>) | undefined;

/**
 * The embedded database's owner file names our port, and its control socket takes
 * `npm run backup` (decision 0070).
 */
async function startControl(): Promise<void> {
  const handle = peekDbHandle();
  if (!handle?.dataDirLock) return;
  handle.dataDirLock.describe({ role: 'server', port: config.PORT });
  try {
    const { startControlServer } = await import('~/server/ops/control');
    const { removeStaleStaging } = await import('~/server/ops/backup');
    const { uploadsDir } = await import('~/server/adapters/storage');
    await removeStaleStaging(config.DATA_DIR);
    const control = await startControlServer(handle, {
      dataDir: config.DATA_DIR,
      uploadsDir: uploadsDir(),
    });
    stopControl = control?.close;
  } catch (error) {
    log.error({ err: error }, 'control socket not started: npm run backup cannot reach us');
  }
}

/**
 * The background worker (alerts, housekeeping), in each server process unless it runs apart
 * (WORKER_IN_PROCESS=false), so a single-process install does everything. It shares the server's
 * database handle: PGlite allows one connection per data directory.
 */
async function startBackgroundWorkerInProcess(): Promise<void> {
  if (!config.WORKER_IN_PROCESS || !config.ALERTS_IN_PROCESS) return;
  try {
    const { getDbHandle } = await import('~/server/db/client');
    const { backgroundJobs } = await import('~/server/background/jobs');
    const { startBackgroundWorker } = await import('~/server/background/queue');
    const worker = await startBackgroundWorker(await getDbHandle(), backgroundJobs());
    stopBackgroundWorker = () => worker.stop();
    // Started while a drain was already under way: stop it again at once.
    if (draining) await worker.stop();
  } catch (error) {
    log.error({ err: error }, 'background worker not started');
  }
}

async function drain(server: Server, signal: string): Promise<void> {
  log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
  markDraining();
  draining = true;
  // Let this turn of the event loop accept the connections already waiting, then stop listening.
  await new Promise((done) => setImmediate(done));
  // net.Server's close, not http.Server's: the latter also drops connections that were accepted
  // but whose request has not been read yet, as if they were idle keep-alive ones.
  const closed = new Promise<void>((done) => NetServer.prototype.close.call(server, () => done()));
  // Idle keep-alive connections end at keepAliveTimeout (or with their next answer).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(true), config.SHUTDOWN_TIMEOUT_MS);
  });
  const late = await Promise.race([closed.then(() => false), timedOut]);
  clearTimeout(timer);
  if (late) {
    log.warn('requests still running at the shutdown limit; closing their connections');
    server.closeAllConnections();
  }
  await stopBackgroundWorker?.().catch((error: unknown) =>
    log.error({ err: error }, 'stopping the background worker'),
  );
  await stopControl?.().catch(() => {});
  await closeDb().catch((error: unknown) => log.error({ err: error }, 'closing the database'));
  log.info('stopped');
  process.exit(0);
}

/** The cluster primary: forks the workers, replaces crashed ones, stops them all on a signal. */
function supervise(workers: number): void {
  let stopping = false;
  const aggregator = new AggregatorRegistry();
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
    worker.on('message', (message: { type?: string; id?: string }) => {
      if (message?.type !== METRICS_REQUEST) return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
        () => worker.send({ type: METRICS_REPLY, id: message.id }),
      );
    });
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    log.error(
      { worker: worker.process.pid, code, signal },
      'server process exited; starting another',
    );
    // A process that dies right after starting would be restarted in a tight loop: wait a little.
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    setTimeout(fork, lived < 5_000 ? 1_000 : 0);
  });
  for (let i = 0; i < workers; i++) fork();
  log.info({ workers, port: config.PORT }, 'cluster started');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      log.info({ signal }, 'stopping the server processes');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const check = setInterval(() => {
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          clearInterval(check);
          process.exit(0);
        }
      }, 50);
    });
  }
}

if (cluster.isPrimary) {
  let workers = 1;
  try {
    workers = workerCount();
  } catch (error) {
    fatal(error);
  }
  if (workers === 1) {
    // Listening while it prepares: requests wait for the database rather than being refused.
    const preparing = prepare(workers);
    preparing.catch(fatal);
    await serve(preparing).catch(fatal);
  } else {
    try {
      await prepare(workers);
      await closeDb(); // the workers open their own connections
    } catch (error) {
      fatal(error);
    }
    supervise(workers);
  }
} else {
  await serve().catch(fatal);
}
