/**
 * Serves the built client files (dist/client: hashed bundles under /_astro/, public/ files) before
 * a request reaches Astro. The file list is read once at start-up, so a page request costs no file
 * system look-up here. For a text file the precompressed copy (.br, else .gz, written by
 * scripts/http/precompress.ts) is sent when the client accepts it. Hashed files are cached for a
 * year (`immutable`); the others for an hour. Each answer has an ETag and answers 304 to a match.
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { filesUnder } from './precompress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE_HOURLY = 'public, max-age=3600';

interface Variant {
  file: string;
  size: number;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export type StaticFiles = Map<string, StaticFile>;

function variant(file: string, tag: string): Variant | undefined {
  try {
    const stat = statSync(file);
    return {
      file,
      size: stat.size,
      etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${tag}"`,
    };
  } catch {
    return undefined;
  }
}

/** Every file under `root` by URL path; .br/.gz copies attach to their original. */
export function indexStaticFiles(root: string): StaticFiles {
  const files: StaticFiles = new Map();
  let all: string[] = [];
  try {
    all = [...filesUnder(root)];
  } catch {
    return files; // no client build: Astro answers everything
  }
  const present = new Set(all);
  for (const file of all) {
    if (/\.(br|gz)$/.test(file) && present.has(file.slice(0, -3))) continue;
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`;
    const identity = variant(file, '');
    if (!identity) continue;
    files.set(urlPath, {
      type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE_HOURLY,
      identity,
      br: present.has(`${file}.br`) ? variant(`${file}.br`, '-br') : undefined,
      gzip: present.has(`${file}.gz`) ? variant(`${file}.gz`, '-gz') : undefined,
    });
  }
  return files;
}

/** The encodings an Accept-Encoding header allows (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name && !(q && Number(q[1]) === 0)) accepted.add(name);
  }
  return accepted;
}

function requestPath(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const end = url.search(/[?#]/);
  try {
    return decodeURIComponent(end >= 0 ? url.slice(0, end) : url);
  } catch {
    return undefined;
  }
}

/** Answers the request from `files` and returns true, or returns false for Astro to answer. */
export function serveStatic(
  files: StaticFiles,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const urlPath = requestPath(req.url);
  const entry = urlPath === undefined ? undefined : files.get(urlPath);
  if (!entry) return false;

  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const [encoding, chosen] =
    entry.br && accepted.has('br')
      ? (['br', entry.br] as const)
      : entry.gzip && (accepted.has('gzip') || accepted.has('x-gzip'))
        ? (['gzip', entry.gzip] as const)
        : (['identity', entry.identity] as const);

  res.setHeader('Content-Type', entry.type);
  res.setHeader('Cache-Control', entry.cacheControl);
  res.setHeader('ETag', chosen.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (entry.br || entry.gzip) res.setHeader('Vary', 'Accept-Encoding');

  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === chosen.etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', chosen.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const stream = createReadStream(chosen.file);
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
  return true;
}
