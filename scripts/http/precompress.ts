/**
 * Brotli and gzip copies of the built text assets (`name.ext.br`, `name.ext.gz` next to
 * `name.ext`), written at build time at the highest quality so the server sends them without
 * compressing anything per request. A copy is kept only when it is smaller than the original.
 *
 * Run by `npm run build` through scripts/precompress.ts.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Extensions whose files are text and worth compressing (images, fonts, PDFs already are). */
export const TEXT_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.map',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
]);

/** Below this many bytes compression saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 1024;

export function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the .br and .gz copies of one file; returns the encodings written. */
export function precompressFile(file: string): string[] {
  if (!TEXT_EXTENSIONS.has(path.extname(file))) return [];
  const source = readFileSync(file);
  if (source.length < MIN_COMPRESS_BYTES) return [];
  const variants: [string, Buffer][] = [
    [
      'br',
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    ['gz', gzipSync(source, { level: constants.Z_BEST_COMPRESSION })],
  ];
  const written: string[] = [];
  for (const [suffix, bytes] of variants) {
    if (bytes.length >= source.length) continue;
    writeFileSync(`${file}.${suffix}`, bytes);
    written.push(suffix);
  }
  return written;
}

export function precompressDir(dir: string): { files: number; before: number; brotli: number } {
  const totals = { files: 0, before: 0, brotli: 0 };
  for (const file of [...filesUnder(dir)]) {
    if (!precompressFile(file).includes('br')) continue;
    totals.files += 1;
    totals.before += statSync(file).size;
    totals.brotli += statSync(`${file}.br`).size;
  }
  return totals;
}
