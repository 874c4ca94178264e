/**
 * 405 for the API: a method a route under src/pages/api/** does not export answers the envelope
 * with 405 and `Allow` (Astro would answer its HTML 404 page). The routes' modules are found by
 * their file names (import.meta.glob, loaded only when asked) and matched to the request's route
 * pattern; the methods are what each module exports. One check in the middleware covers them all.
 */
import { METHOD_NOT_ALLOWED, fail } from './envelope';

export { METHOD_NOT_ALLOWED };

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const modules = import.meta.glob<Record<string, unknown>>('/src/pages/api/**/*.ts');

/** '/src/pages/api/x/[...action].ts' -> '/api/x/[...action]' (Astro's route pattern). */
export const patternOf = (file: string) =>
  file
    .replace(/^\/src\/pages/, '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '');

const loaders = new Map(Object.entries(modules).map(([file, load]) => [patternOf(file), load]));
const cache = new Map<string, string[] | null>();

/** The methods a route answers (HEAD with GET), or null for a route that is not ours or takes ALL. */
export async function allowedMethods(routePattern: string): Promise<string[] | null> {
  if (cache.has(routePattern)) return cache.get(routePattern)!;
  const load = loaders.get(routePattern);
  let allowed: string[] | null = null;
  if (load) {
    const mod = await load();
    if (typeof mod.ALL !== 'function') {
      allowed = HTTP_METHODS.filter((m) => typeof mod[m] === 'function');
      if (allowed.includes('GET')) allowed.splice(1, 0, 'HEAD');
    }
  }
  cache.set(routePattern, allowed);
  return allowed;
}

/** The 405 answer to a request whose method its API route does not take, else null. */
export async function methodNotAllowed(context: {
  request: Request;
  routePattern?: string;
}): Promise<Response | null> {
  const pattern = context.routePattern ?? '';
  if (!pattern.startsWith('/api/')) return null;
  const allowed = await allowedMethods(pattern);
  const method = context.request.method.toUpperCase();
  if (!allowed || allowed.includes(method)) return null;
  return fail(405, METHOD_NOT_ALLOWED, [], { headers: { allow: allowed.join(', ') } });
}
