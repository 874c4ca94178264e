/**
 * Compression by the built server: rendered pages in brotli or gzip as the client asks (the same
 * bytes as uncompressed once decoded), uncached answers compressed while streamed, built client
 * files sent from their precompressed copies with a year-long immutable cache, images never
 * recompressed, and HEAD and 304 answers without a body.
 */
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { port } from './helpers';

const HOST = 'rexmonster.localhost';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  chunks: number;
}

/** The answer exactly as sent: no decoding, so Content-Encoding can be checked. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path,
        method,
        headers: { host: `${HOST}:${port()}`, ...headers },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts),
            chunks: parts.length,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function withoutIslandProps(html: string): string {
  return html
    .replace(/(\/_server-islands\/[\w-]+\?)[^"'\s]*/g, '$1')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '');
}

function decode(answer: Raw): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

async function aJobPage(): Promise<string> {
  const xml = decode(await raw('/sitemaps/jobs-1.xml'));
  const loc = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
  expect(loc).toBeTruthy();
  return new URL(loc!).pathname;
}

/** A built file by name pattern; `precompressed`: one large enough to have .br and .gz copies. */
function builtAsset(pattern: RegExp, precompressed = false): string {
  const files = readdirSync('dist/client/_astro');
  const name = files.find(
    (f) =>
      pattern.test(f) &&
      (!precompressed || (files.includes(`${f}.br`) && files.includes(`${f}.gz`))),
  );
  expect(name, `a built file matching ${pattern}`).toBeTruthy();
  return `/_astro/${name}`;
}

describe('compression', () => {
  it('sends a page in brotli, gzip or plain as accepted, with the same text once decoded', async () => {
    const path = await aJobPage();
    const plain = await raw(path);
    const br = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await raw(path, { 'accept-encoding': 'gzip' });

    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    // Each encoding is a render of its own in the page cache; apart from the server islands'
    // encrypted props and ids (new on every render) the pages are the same.
    expect(withoutIslandProps(decode(br))).toBe(withoutIslandProps(plain.body.toString('utf8')));
    expect(withoutIslandProps(decode(gzip))).toBe(withoutIslandProps(plain.body.toString('utf8')));
    expect(plain.body.toString('utf8')).toContain('</html>');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.body.length).toBeLessThan(gzip.body.length);
  });

  it('refuses an encoding the client rules out with q=0', async () => {
    const answer = await raw('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a sitemap, kept whole in the page cache (its length known)', async () => {
    const plain = await raw('/sitemaps/jobs-1.xml');
    const br = await raw('/sitemaps/jobs-1.xml', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/application\/xml/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(decode(br)).toBe(plain.body.toString('utf8'));
    expect(decode(br)).toContain('</urlset>');
  });

  it('compresses an answer that is not cached while streaming it (chunked, no length up front)', async () => {
    const withoutBuildDate = (xml: string) =>
      xml.replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/, '');
    const plain = await raw('/career-advice/rss.xml');
    const br = await raw('/career-advice/rss.xml', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBe('chunked');
    expect(br.headers['content-length']).toBeUndefined();
    expect(withoutBuildDate(decode(br))).toBe(withoutBuildDate(plain.body.toString('utf8')));
    expect(decode(br)).toContain('</rss>');
  });

  it('sends a hashed bundle from its precompressed copy, cached for a year', async () => {
    const path = builtAsset(/\.js$/, true);
    const plain = await raw(path);
    const br = await raw(path, { 'accept-encoding': 'br, gzip' });
    const gzip = await raw(path, { 'accept-encoding': 'gzip' });
    for (const answer of [plain, br, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toMatch(/javascript/);
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // A file's length is known: not chunked, unlike a rendered answer.
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(decode(br)).toBe(plain.body.toString('utf8'));
    expect(decode(gzip)).toBe(plain.body.toString('utf8'));

    const again = await raw(path, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('never recompresses an image', async () => {
    const path = builtAsset(/\.jpg$/);
    const answer = await raw(path, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('answers HEAD without a body or an encoding', async () => {
    const page = await raw('/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(page.status).toBe(200);
    expect(page.body.length).toBe(0);
    expect(page.headers['content-encoding']).toBeUndefined();

    const asset = await raw(builtAsset(/\.css$/), { 'accept-encoding': 'br' }, 'HEAD');
    expect(asset.status).toBe(200);
    expect(asset.body.length).toBe(0);
  });
});
