/**
 * Every page and endpoint of src/pages as a request path, for the suites that send something to
 * all of them (hostile-input, generated-input): a new page or endpoint is covered by itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PAGES = path.resolve('src/pages');

export interface Route {
  file: string;
  page: boolean;
  path: string;
  methods: string[];
}

/** Every page and endpoint file as a request path (dynamic segments get a sample value). */
export function routes(): Route[] {
  const out: Route[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(entry.name)) {
        const rel = path.relative(PAGES, full).replace(/\.(astro|ts)$/, '');
        const urlPath =
          '/' +
          rel
            .split(path.sep)
            .map((part) => (part.startsWith('[') ? 'java-developer' : part))
            .join('/')
            .replace(/(^|\/)index$/, '');
        const source = readFileSync(full, 'utf8');
        const methods = entry.name.endsWith('.astro')
          ? ['GET', 'POST']
          : [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map((m) =>
              m[1] === 'ALL' ? 'POST' : m[1]!,
            );
        out.push({
          file: rel,
          page: entry.name.endsWith('.astro'),
          path: urlPath,
          methods: [...new Set(methods)],
        });
      }
    }
  };
  walk(PAGES);
  return out;
}
