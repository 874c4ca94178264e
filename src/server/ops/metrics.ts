/**
 * Prometheus metrics (prom-client), served at /metrics:
 * - http_requests_total{method,route,status} and http_request_duration_seconds{method,route}: by
 *   route pattern (/job/[slug]), never the raw path, so the number of series stays bounded;
 * - db_pool_connections{state}: total, idle and waiting clients of the PostgreSQL pool(s);
 * - cache_lookups_total{cache,result}, cache_entries{cache}: the in-process caches;
 * - queue_depth{queue}: whatever queues register a depth callback (registerQueueDepth);
 * - the process defaults (CPU, memory, event-loop lag, GC).
 *
 *   registerCache('seo', () => ({ hits, misses, size }));
 *   registerQueueDepth('jobs', async () => countWaitingJobs());
 *
 * With several server processes (WORKERS > 1) /metrics answers the sum over all of them: the
 * process that gets the request asks the cluster primary, which collects every worker's metrics.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import client from 'prom-client';
import { cacheStats } from '~/server/seo/cache';
import { peekDbHandle } from '~/server/db/client';

export interface CacheStats {
  hits: number;
  misses: number;
  size: number;
}

const KEY = Symbol.for('jobportal.metrics');

interface Metrics {
  registry: client.Registry;
  requests: client.Counter<'method' | 'route' | 'status'>;
  duration: client.Histogram<'method' | 'route'>;
  caches: Map<string, () => CacheStats>;
  queues: Map<string, () => Promise<number> | number>;
}

function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const caches = new Map<string, () => CacheStats>();
  const queues = new Map<string, () => Promise<number> | number>();

  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the response headers), by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool clients by state (total, idle, waiting) and pool (primary, replica)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const handle = peekDbHandle();
      const pools = { primary: handle?.pool, replica: handle?.replicaPool };
      for (const [name, pool] of Object.entries(pools)) {
        if (!pool) continue;
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  new client.Counter({
    name: 'cache_lookups_total',
    help: 'In-process cache lookups by cache and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, stats] of caches) {
        const { hits, misses } = stats();
        this.inc({ cache: name, result: 'hit' }, hits);
        this.inc({ cache: name, result: 'miss' }, misses);
      }
    },
  });
  new client.Gauge({
    name: 'cache_entries',
    help: 'Entries held by each in-process cache',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, stats] of caches) this.set({ cache: name }, stats().size);
    },
  });
  new client.Gauge({
    name: 'queue_depth',
    help: 'Jobs waiting in each background queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [name, depth] of queues) {
        try {
          this.set({ queue: name }, await depth());
        } catch {
          // A queue that cannot be counted (database down) is left out of this scrape.
        }
      }
    },
  });
  caches.set('seo', () => ({
    hits: cacheStats.hits,
    misses: cacheStats.misses,
    size: cacheStats.size(),
  }));
  // In a cluster worker, the primary's AggregatorRegistry collects this registry over IPC.
  if (cluster.isWorker) client.AggregatorRegistry.setRegistries([registry]);
  return { registry, requests, duration, caches, queues };
}

const globalRef = globalThis as typeof globalThis & { [KEY]?: Metrics };
const metrics = (globalRef[KEY] ??= createMetrics());

export const registry = metrics.registry;

/** Counts one answered request; `route` is the route pattern (or a fixed name for unmatched). */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  metrics.requests.inc({ method, route, status: String(status) });
  metrics.duration.observe({ method, route }, seconds);
}

/** Exposes an in-process cache's hit and miss counts. */
export function registerCache(name: string, stats: () => CacheStats): void {
  metrics.caches.set(name, stats);
}

/** Exposes a queue's depth; the callback runs at each scrape. */
export function registerQueueDepth(name: string, depth: () => Promise<number> | number): void {
  metrics.queues.set(name, depth);
}

/** Message a worker sends the primary for the whole cluster's metrics, and its answer. */
export const METRICS_REQUEST = 'jobportal:metrics';
export const METRICS_REPLY = 'jobportal:metrics-reply';

interface MetricsReply {
  type: typeof METRICS_REPLY;
  id: string;
  text?: string;
}

/** Asks the cluster primary for every worker's metrics summed; undefined if it does not answer. */
function askPrimary(): Promise<string | undefined> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return Promise.resolve(undefined);
  const id = randomUUID();
  return new Promise((resolve) => {
    const done = (text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    };
    const onMessage = (message: unknown) => {
      const reply = message as MetricsReply;
      if (reply?.type === METRICS_REPLY && reply.id === id) done(reply.text);
    };
    const timer = setTimeout(() => done(undefined), 5_000);
    process.on('message', onMessage);
    send({ type: METRICS_REQUEST, id });
  });
}

/** The metrics in the Prometheus text format: the cluster's when there is one, else this process's. */
export async function collectMetrics(): Promise<{ contentType: string; text: string }> {
  const clusterText = await askPrimary();
  return {
    contentType: metrics.registry.contentType,
    text: clusterText ?? (await metrics.registry.metrics()),
  };
}
