/**
 * The server's side of the embedded database in a worker thread (pglite-worker.ts; decision
 * 0035): a node-postgres Pool whose connections are MessagePorts to the worker instead of
 * sockets, so Drizzle, the migrator and the queue use the same node-postgres path as on
 * PostgreSQL, and a slow query waits in the worker while this thread serves other requests.
 *
 * One connection: PGlite has one session, and a transaction holds it, as PGlite's own lock did in
 * this thread. A query that waits for the connection waits as long as it takes (no timeout), as
 * it waited for that lock.
 */
import { Duplex } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import pg from 'pg';

export interface PgliteThread {
  pool: pg.Pool;
  /** Calls `onPayload` for each notice on `channel` (LISTEN in the worker). */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** Ends the pool, closes PGlite in the worker (data directory consistent) and ends the worker. */
  close(): Promise<void>;
  /** The worker thread running PGlite now (a new one after a restart). */
  worker(): Worker;
  /** Resolves once a worker started after an unexpected exit is ready (tests, diagnostics). */
  restarted(): Promise<void>;
  /**
   * Copies the data directory, as of a commit, to `target` (top-level names in `skip` left out):
   * a CHECKPOINT, then the files, while no query runs (a backup; decision 0069).
   */
  snapshot(target: string, skip: string[]): Promise<void>;
}

/** Restarts allowed within RESTART_WINDOW_MS; past that the database stays down (and says so). */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/** A connection to the worker, shaped as the socket node-postgres expects. */
class PortStream extends Duplex {
  readonly readyState = 'open';

  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (chunk: Uint8Array) => this.push(Buffer.from(chunk)));
    port.on('close', () => {
      this.push(null);
      this.destroy();
    });
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: string, done: (error?: Error | null) => void): void {
    this.send([chunk]);
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.send(chunks.map((c) => c.chunk));
    done();
  }

  private send(chunks: Buffer[]): void {
    // A copy of our own (node-postgres may reuse its buffers), handed over without another copy.
    const bytes = new Uint8Array(Buffer.concat(chunks));
    this.port.postMessage(bytes, [bytes.buffer]);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.port.postMessage(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.port.close();
    done(error);
  }

  // The net.Socket methods node-postgres calls.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    this.port.ref();
    return this;
  }
  unref(): this {
    this.port.unref();
    return this;
  }
}

interface WorkerMessage {
  type: 'ready' | 'failed' | 'listening' | 'notification' | 'snapshot' | 'closed';
  message?: string;
  channel?: string;
  payload?: string;
  error?: string;
}

/** A worker thread running PGlite on `dataDir`, resolved once it has opened the database. */
async function startWorker(
  workerUrl: URL,
  dataDir: string | null,
  startParams: string[],
): Promise<Worker> {
  const worker = new Worker(workerUrl, { workerData: { dataDir, startParams } });
  const onStart = (message: WorkerMessage) => {
    if (message.type === 'ready') started.done();
    if (message.type === 'failed') started.fail(new Error(message.message));
  };
  const onStartExit = (code: number) =>
    started.fail(new Error(`the database worker exited with ${code}`));
  const started = {} as { done: () => void; fail: (error: Error) => void };
  const ready = new Promise<void>((done, fail) => Object.assign(started, { done, fail }));
  worker.on('message', onStart);
  worker.on('error', started.fail);
  worker.on('exit', onStartExit);
  try {
    await ready;
  } finally {
    // Not removeAllListeners(): the Worker keeps listeners of its own.
    worker.off('message', onStart);
    worker.off('error', started.fail);
    worker.off('exit', onStartExit);
  }
  return worker;
}

/**
 * Starts PGlite on `dataDir` (null: in memory) in the worker at `workerUrl`; resolves when open.
 * A worker that exits unexpectedly (PGlite aborted, out of memory) is replaced: the queries it
 * was running fail, later ones wait for the new worker, and LISTENs are renewed. More than
 * MAX_RESTARTS in a minute leaves it down, each query then failing at once.
 */
export async function openPgliteThread(
  workerUrl: URL,
  dataDir: string | null,
  startParams: string[],
): Promise<PgliteThread> {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const waiting = new Map<string, { done: () => void; fail: (error: Error) => void }>();
  const snapshots: { done: () => void; fail: (error: Error) => void }[] = [];
  const streams = new Set<PortStream>();
  let closed: (() => void) | undefined;
  let stopping = false;
  let down = false;
  const restartTimes: number[] = [];
  let restarting: Promise<void> = Promise.resolve();

  const follow = (worker: Worker) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'notification' && message.channel) {
        for (const onPayload of listeners.get(message.channel) ?? [])
          onPayload(message.payload ?? '');
      } else if (message.type === 'listening' && message.channel) {
        const pending = waiting.get(message.channel);
        waiting.delete(message.channel);
        if (message.error) pending?.fail(new Error(message.error));
        else pending?.done();
      } else if (message.type === 'snapshot') {
        const pending = snapshots.shift();
        if (message.error) pending?.fail(new Error(message.error));
        else pending?.done();
      } else if (message.type === 'closed') {
        closed?.();
      }
    });
    worker.on('error', (error) => console.error('[db] embedded database worker failed:', error));
    worker.on('exit', (code) => {
      closed?.();
      if (stopping || worker !== current) return;
      console.error(`[db] embedded database worker exited with ${code}`);
      // The queries it was running are lost: fail their connections rather than wait for ever.
      for (const stream of streams) stream.destroy(new Error('the embedded database stopped'));
      for (const pending of snapshots.splice(0))
        pending.fail(new Error('the embedded database stopped'));
      restarting = restart();
    });
  };

  const restart = async () => {
    const now = Date.now();
    while (restartTimes.length > 0 && now - restartTimes[0]! > RESTART_WINDOW_MS)
      restartTimes.shift();
    if (restartTimes.length >= MAX_RESTARTS) {
      down = true;
      console.error(
        `[db] the embedded database worker stopped ${MAX_RESTARTS + 1} times within a minute: ` +
          'not restarting it; restart the server',
      );
      return;
    }
    restartTimes.push(now);
    try {
      const worker = await startWorker(workerUrl, dataDir, startParams);
      if (stopping) {
        await worker.terminate();
        return;
      }
      current = worker;
      follow(worker);
      for (const channel of listeners.keys()) worker.postMessage({ type: 'listen', channel });
      console.error('[db] embedded database worker restarted');
    } catch (error) {
      console.error('[db] restarting the embedded database worker failed:', error);
      await new Promise((done) => setTimeout(done, 1_000));
      await restart();
    }
  };

  let current = await startWorker(workerUrl, dataDir, startParams);
  follow(current);

  const pool = new pg.Pool({
    max: 1,
    // Waiting for the one connection is waiting for PGlite's turn: no timeout, no idle close.
    connectionTimeoutMillis: 0,
    idleTimeoutMillis: 0,
    // Names only: the stream below is the connection.
    host: 'pglite-worker',
    user: 'postgres',
    database: 'postgres',
    stream: () => {
      const { port1, port2 } = new MessageChannel();
      const stream = new PortStream(port1);
      streams.add(stream);
      stream.once('close', () => streams.delete(stream));
      if (down) {
        process.nextTick(() => stream.destroy(new Error('the embedded database is down')));
        return stream;
      }
      // During a restart the connection waits for the new worker (connect() is asynchronous).
      void restarting.then(() => {
        if (down) stream.destroy(new Error('the embedded database is down'));
        else current.postMessage({ type: 'connect', port: port2 }, [port2]);
      });
      return stream;
    },
  } as pg.PoolConfig);
  pool.on('error', (error) =>
    console.error('[db] embedded database connection error:', error.message),
  );

  return {
    pool,
    async listen(channel, onPayload) {
      const known = listeners.get(channel);
      if (known) {
        known.add(onPayload);
        return;
      }
      listeners.set(channel, new Set([onPayload]));
      await restarting;
      await new Promise<void>((done, fail) => {
        waiting.set(channel, { done, fail });
        current.postMessage({ type: 'listen', channel });
      });
    },
    async close() {
      if (stopping) return;
      stopping = true;
      await pool.end().catch(() => {});
      await restarting;
      if (down) return;
      const ended = new Promise<void>((done) => (closed = done));
      current.postMessage({ type: 'close' });
      await ended;
      await current.terminate();
    },
    worker: () => current,
    restarted: () => restarting,
    async snapshot(target, skip) {
      await restarting;
      if (down || stopping) throw new Error('the embedded database is down');
      await new Promise<void>((done, fail) => {
        snapshots.push({ done, fail });
        current.postMessage({ type: 'snapshot', target, skip });
      });
    },
  };
}
