/**
 * What a restart's first page waits for, done sooner or later (decision 0072, "A quick restart"):
 * - the modules of the home page and of the middleware, which Astro loads on the first request
 *   that needs them, are loaded with the portal while the database opens in its thread;
 * - the background worker waits for the first answer, so its packages and queries do not share
 *   the thread and the database with the first page.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The files of the built portal that the home page needs, from its entry's page map
 * (`["src/pages/index.astro", _pageN]` and `_pageN = () => import("./chunks/index_….mjs")`);
 * none when the build says them otherwise (the first request then loads them, as before).
 */
export function firstPageModules(serverDir: string): string[] {
  let entry: string;
  try {
    entry = readFileSync(path.join(serverDir, 'entry.mjs'), 'utf8');
  } catch {
    return [];
  }
  const files: string[] = [];
  const middleware = /middleware: \(\) => import\("(\.\/[^"]+\.mjs)"\)/.exec(entry)?.[1];
  if (middleware) files.push(middleware);
  const page = /\["src\/pages\/index\.astro", (_page\d+)\]/.exec(entry)?.[1];
  const chunk = page
    ? new RegExp(`var ${page} = \\(\\) => import\\("(\\./[^"]+\\.mjs)"\\)`).exec(entry)?.[1]
    : undefined;
  if (chunk) files.push(chunk);
  return files.map((file) => path.join(serverDir, file));
}

/** Loads them; a module that fails is left to the first request, which reports it. */
export async function preloadFirstPage(serverDir: string): Promise<void> {
  for (const file of firstPageModules(serverDir)) {
    await import(pathToFileURL(file).href).catch(() => {});
  }
}

const PROBES = /^\/(healthz|readyz|metrics)(\?|$)/;

/** Resolves once the server has finished its first answer (not a probe's), or after `atMostMs`. */
export function firstAnswer(server: Server, atMostMs: number): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, atMostMs);
    timer.unref();
    function finish() {
      clearTimeout(timer);
      server.off('request', onRequest);
      done();
    }
    function onRequest(req: IncomingMessage, res: ServerResponse) {
      if (!PROBES.test(req.url ?? '')) res.once('finish', finish);
    }
    server.on('request', onRequest);
  });
}
