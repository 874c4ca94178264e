/**
 * The admission queue (decision 0072): at most ADMISSION_CONCURRENCY requests of a process run
 * the pipeline at once (pages, the API, server islands); the others wait their turn first come,
 * first served. Under more load than the process can render, requests queue instead of all
 * slowing down together until they time out: what is served is served in time, and a request
 * that cannot start within ADMISSION_WAIT_MS is answered at once with 503 and `Retry-After` in
 * the site's format (the API's envelope under /api), never left to time out. Probes, built files
 * and cached pages (answered before the pipeline) never wait.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import { registry } from '~/server/ops/metrics';
import { refuse } from './early-refusals';

/** Never queued: a probe must see the process as it is, even when it is busy. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
/** What a shed request is told: ask again in a second. */
const RETRY_AFTER_S = 1;

interface Waiting {
  req: IncomingMessage;
  res: ServerResponse;
  run: () => void;
  timer: ReturnType<typeof setTimeout>;
}

function shedCounter(): client.Counter {
  const name = 'requests_shed_total';
  return (
    (registry.getSingleMetric(name) as client.Counter | undefined) ??
    new client.Counter({
      name,
      help: 'Requests answered 503 because the process could not start them in time',
      registers: [registry],
    })
  );
}

export interface Admission {
  /** Runs `run` now or in its turn, or answers 503 when its turn would come too late. */
  admit(req: IncomingMessage, res: ServerResponse, run: () => void): void;
  /** Requests running and waiting now (tests, diagnostics). */
  readonly load: { running: number; waiting: number };
}

export function admission(options: { concurrency: number; maxWaitMs: number }): Admission {
  const { concurrency, maxWaitMs } = options;
  const queue: Waiting[] = [];
  let running = 0;
  const shed = shedCounter();

  const start = (req: IncomingMessage, res: ServerResponse, run: () => void) => {
    running += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running -= 1;
      next();
    };
    res.once('finish', release);
    res.once('close', release);
    run();
  };

  const next = () => {
    while (running < concurrency && queue.length > 0) {
      const waiting = queue.shift()!;
      clearTimeout(waiting.timer);
      // The client gave up while waiting: nothing to render.
      if (waiting.req.socket.destroyed) continue;
      start(waiting.req, waiting.res, waiting.run);
    }
  };

  const refuseBusy = (req: IncomingMessage, res: ServerResponse) => {
    shed.inc();
    void refuse(res, 'busy', 503, req.url ?? '/', { 'retry-after': String(RETRY_AFTER_S) });
  };

  return {
    admit(req, res, run) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (concurrency === 0 || PROBES.has(path)) return run();
      if (running < concurrency) return start(req, res, run);
      const waiting: Waiting = {
        req,
        res,
        run,
        timer: setTimeout(() => {
          const at = queue.indexOf(waiting);
          if (at < 0) return;
          queue.splice(at, 1);
          refuseBusy(req, res);
        }, maxWaitMs),
      };
      queue.push(waiting);
    },
    get load() {
      return { running, waiting: queue.length };
    },
  };
}
