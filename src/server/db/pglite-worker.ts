/**
 * The embedded database in a worker thread of its own (docs/decisions/0035): PGlite runs here, so
 * its queries do not hold up the server's thread. The server talks to it over the PostgreSQL wire
 * protocol through node-postgres (pglite-thread.ts), each connection a MessagePort.
 *
 * PGlite has one session. Connections take turns on it a transaction at a time: once a
 * connection's messages leave the session inside a transaction (or in the middle of an
 * extended-protocol exchange), only that connection's messages run until the session is idle
 * again; a connection that goes away inside a transaction is rolled back, and its prepared
 * statements are deallocated. Page-change notices
 * (LISTEN) are received here and posted to the server's thread.
 *
 * Started by pglite-thread.ts with workerData { dataDir, startParams }. Messages from the parent:
 *   { type: 'connect', port }      a new connection (bytes both ways; null from the client = end)
 *   { type: 'listen', channel }    post { type: 'notification', channel, payload } for the channel
 *   { type: 'snapshot', target, skip }  between transactions: CHECKPOINT, then copy the data
 *                                  directory to `target` (top-level names in `skip` left out)
 *   { type: 'close' }              close PGlite (data directory consistent), then exit
 * To the parent: { type: 'ready' } | { type: 'failed', message }
 *   | { type: 'listening', channel, error? } | { type: 'snapshot', error? } | { type: 'closed' }.
 *
 * Self-contained (packages only): Node runs it as TypeScript in the tests, esbuild bundles it
 * into dist/pglite-worker.mjs for the built server.
 */
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

interface WorkerOptions {
  dataDir: string | null;
  startParams: string[];
}

interface ParentMessage {
  type: 'connect' | 'listen' | 'snapshot' | 'close';
  port?: MessagePort;
  channel?: string;
  target?: string;
  skip?: string[];
}

/** Protocol codes of the untyped first messages a client may send. */
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** One unit of a connection's work: its complete messages as they arrived, or its end. */
type Work = { kind: 'messages'; bytes: Uint8Array } | { kind: 'end' };

class Connection {
  private pending = new Uint8Array(0);
  private started = false;
  readonly work: Work[] = [];
  closed = false;
  readonly port: MessagePort;

  constructor(port: MessagePort) {
    this.port = port;
  }

  /** Splits what arrived into complete messages (the startup message has no type byte). */
  receive(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const view = new DataView(joined.buffer, joined.byteOffset, joined.byteLength);
    let offset = 0;
    let end = 0;
    let terminated = false;
    while (offset < joined.length) {
      if (!this.started) {
        if (joined.length - offset < 8) break;
        const length = view.getInt32(offset);
        if (joined.length - offset < length) break;
        const code = view.getInt32(offset + 4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          // No encryption on an in-process port: answer "no" and wait for the real start-up.
          this.flushUpTo(joined, end, offset);
          this.port.postMessage(new Uint8Array([0x4e]));
          offset += length;
          end = offset;
          continue;
        }
        if (code === CANCEL_REQUEST) {
          offset += length;
          end = offset;
          terminated = true;
          break;
        }
        this.started = true;
        offset += length;
        continue;
      }
      if (joined.length - offset < 5) break;
      const type = joined[offset];
      const length = view.getInt32(offset + 1);
      if (joined.length - offset < 1 + length) break;
      if (type === 0x58) {
        // Terminate: never for PGlite (it would end the one session); ends this connection.
        this.flushUpTo(joined, end, offset);
        offset += 1 + length;
        end = offset;
        terminated = true;
        break;
      }
      offset += 1 + length;
    }
    this.flushUpTo(joined, end, offset);
    this.pending = terminated ? new Uint8Array(0) : joined.slice(offset);
    if (terminated) this.end();
  }

  private flushUpTo(joined: Uint8Array, from: number, to: number): void {
    if (to > from) this.work.push({ kind: 'messages', bytes: joined.slice(from, to) });
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.work.push({ kind: 'end' });
  }
}

const options = workerData as WorkerOptions;
const parent = parentPort as MessagePort;

let pglite: PGlite;
try {
  pglite = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    extensions: { pg_trgm },
    startParams: options.startParams,
  });
  parent.postMessage({ type: 'ready' });
} catch (error) {
  parent.postMessage({ type: 'failed', message: (error as Error).message });
  process.exit(1);
}

const connections: Connection[] = [];
/** The connection the session belongs to until it is idle again (open transaction). */
let owner: Connection | undefined;
/** Work of our own (LISTEN), run when no connection owns the session. */
const ownWork: (() => Promise<void>)[] = [];
let pumping = false;
let closing = false;

/** The transaction status of the last ReadyForQuery among the answer's messages, if any. */
function lastStatus(messages: { name: string; status?: string }[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.name === 'readyForQuery') return messages[i]?.status;
  }
  return undefined;
}

async function run(bytes: Uint8Array): Promise<{ data: Uint8Array; status: string | undefined }> {
  // execProtocol (not ...Raw): PGlite then also hands notifications to our listen() callbacks
  // and starts its message list afresh for every call. Errors go back to the client as bytes.
  const result = await pglite.execProtocol(bytes, { throwOnError: false });
  return { data: result.data, status: lastStatus(result.messages as { name: string }[]) };
}

/** A simple-protocol Query message. */
function queryMessage(sql: string): Uint8Array {
  const text = new TextEncoder().encode(`${sql}\0`);
  const bytes = new Uint8Array(5 + text.length);
  bytes[0] = 0x51; // Query
  new DataView(bytes.buffer).setInt32(1, 4 + text.length);
  bytes.set(text, 5);
  return bytes;
}
const ROLLBACK = queryMessage('ROLLBACK');
/**
 * What a connection leaves in the one session goes with it: its named statements (the next
 * connection prepares the same names afresh). Not DISCARD ALL: that would UNLISTEN our notices.
 */
const DEALLOCATE_ALL = queryMessage('DEALLOCATE ALL');

function nextConnection(): Connection | undefined {
  if (owner) return owner.work.length > 0 ? owner : undefined;
  const index = connections.findIndex((c) => c.work.length > 0);
  if (index < 0) return undefined;
  // Round robin: the one served goes to the back.
  const [connection] = connections.splice(index, 1);
  connections.push(connection as Connection);
  return connection;
}

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      if (!owner && ownWork.length > 0) {
        await (ownWork.shift() as () => Promise<void>)();
        continue;
      }
      const connection = nextConnection();
      if (!connection) break;
      const work = connection.work.shift() as Work;
      if (work.kind === 'end') {
        connections.splice(connections.indexOf(connection), 1);
        connection.port.close();
        if (owner === connection) {
          owner = undefined;
          await run(ROLLBACK).catch(() => {});
        }
        await run(DEALLOCATE_ALL).catch(() => {});
        continue;
      }
      let answer;
      try {
        answer = await run(work.bytes);
      } catch (error) {
        // PGlite itself failed (not an SQL error): this connection cannot go on.
        console.error('[db] embedded database error:', (error as Error).message);
        connection.end();
        continue;
      }
      connection.port.postMessage(answer.data, [answer.data.buffer as ArrayBuffer]);
      // Idle ('I') frees the session; in a transaction ('T', 'E') or mid-exchange (no
      // ReadyForQuery yet) it stays with this connection.
      owner = answer.status === 'I' ? undefined : connection;
    }
  } finally {
    pumping = false;
  }
}

function connect(port: MessagePort): void {
  const connection = new Connection(port);
  connections.push(connection);
  port.on('message', (chunk: Uint8Array | null) => {
    if (chunk === null) connection.end();
    else connection.receive(chunk);
    void pump();
  });
  port.on('close', () => {
    connection.end();
    void pump();
  });
}

async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  for (const connection of connections) connection.port.close();
  // Whatever is running finishes first; an open transaction is not committed.
  while (pumping) await new Promise((done) => setTimeout(done, 10));
  if (!pglite.closed) await pglite.close();
  parent.postMessage({ type: 'closed' });
  parent.close();
}

parent.on('message', (message: ParentMessage) => {
  if (message.type === 'connect' && message.port && !closing) {
    connect(message.port);
  } else if (message.type === 'listen' && message.channel) {
    const channel = message.channel;
    ownWork.push(async () => {
      try {
        await pglite.listen(channel, (payload) =>
          parent.postMessage({ type: 'notification', channel, payload }),
        );
        parent.postMessage({ type: 'listening', channel });
      } catch (error) {
        parent.postMessage({ type: 'listening', channel, error: (error as Error).message });
      }
    });
    void pump();
  } else if (message.type === 'snapshot' && message.target && options.dataDir) {
    const { target, skip = [] } = message;
    const dataDir = options.dataDir;
    // Own work runs only while no connection has a transaction open, and holds the session until
    // the copy is done: the copy is the database as of a commit (a backup, decision 0069).
    ownWork.push(async () => {
      try {
        const checkpoint = await run(queryMessage('CHECKPOINT'));
        if (checkpoint.status !== 'I') throw new Error('CHECKPOINT failed');
        // Entry by entry: the target may lie inside the data directory.
        for (const name of await readdir(dataDir)) {
          if (skip.includes(name)) continue;
          await cp(path.join(dataDir, name), path.join(target, name), { recursive: true });
        }
        parent.postMessage({ type: 'snapshot' });
      } catch (error) {
        parent.postMessage({ type: 'snapshot', error: (error as Error).message });
      }
    });
    void pump();
  } else if (message.type === 'close') {
    void close().catch((error: unknown) => {
      console.error('[db] closing the embedded database:', (error as Error).message);
      process.exit(1);
    });
  }
});
