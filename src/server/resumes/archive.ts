/**
 * Zip-bomb guard for DOCX uploads (a DOCX is a ZIP archive). Before any library inflates the
 * file, its central directory is read (format.ts) and the archive is refused when it declares
 * too many entries, more inflated bytes than a resume ever has, or sizes a ZIP64 record would
 * hide. A directory can lie, so every entry is then inflated as a stream (fflate's Inflate, fed
 * in small pieces, output counted and dropped) and the archive is refused as soon as an entry
 * yields more than its directory said. Memory stays at a few MB whatever the archive claims,
 * and the time is bounded by MAX_ARCHIVE_INFLATED_BYTES of inflation.
 * docs/decisions/0078-archive-limits-before-inflating.md
 */
import { Inflate } from 'fflate';
import { zipEntries, type ZipEntry } from './format';

/** Entries in a DOCX: a resume has 10-40 (parts, images, fonts). */
export const MAX_ARCHIVE_ENTRIES = 1000;
/** All entries inflated: a long resume with photos and fonts stays well under 30 MB. */
export const MAX_ARCHIVE_INFLATED_BYTES = 60 * 1024 * 1024;
/** Compressed bytes handed to the inflater at once (bounds each output burst to ~1 MB). */
const FEED_BYTES = 1024;

export type ArchiveVerdict = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): ArchiveVerdict => ({ ok: false, reason });

/** What the central directory alone says: counts and declared sizes. */
export function checkDeclaredSizes(entries: readonly ZipEntry[]): ArchiveVerdict {
  if (entries.length > MAX_ARCHIVE_ENTRIES) return refuse(`${entries.length} entries`);
  let total = 0;
  for (const e of entries) {
    // 0xFFFFFFFF sends the reader to a ZIP64 record: no resume is that large.
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff)
      return refuse(`${e.name} uses ZIP64 sizes`);
    if (e.method !== 0 && e.method !== 8) return refuse(`${e.name} uses method ${e.method}`);
    total += e.uncompressedSize;
    if (total > MAX_ARCHIVE_INFLATED_BYTES) return refuse(`inflates to over ${total} bytes`);
  }
  return { ok: true };
}

/** Inflates one entry as a stream, counting bytes; false as soon as it passes its declared size. */
function inflatesWithin(bytes: Uint8Array, entry: ZipEntry): boolean {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || dv.getUint32(at, true) !== 0x04034b50) return false;
  const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) return false;
  if (entry.method === 0) return entry.compressedSize === entry.uncompressedSize;
  let produced = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    produced += chunk.length;
    if (produced > entry.uncompressedSize) over = true;
  });
  try {
    for (let p = start; p < end && !over; p += FEED_BYTES) {
      const stop = Math.min(end, p + FEED_BYTES);
      inflate.push(bytes.subarray(p, stop), stop === end);
    }
  } catch {
    return false;
  }
  return !over;
}

/**
 * Whether a ZIP archive (a DOCX) is safe to hand to a library that inflates it whole. Reads the
 * central directory, then inflates each entry as a stream against its declared size.
 */
export function checkArchive(bytes: Uint8Array): ArchiveVerdict {
  const entries = zipEntries(bytes);
  if (!entries) return refuse('no central directory');
  const declared = checkDeclaredSizes(entries);
  if (!declared.ok) return declared;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    if (!inflatesWithin(bytes, entry)) return refuse(`${entry.name} inflates past its size`);
  }
  return { ok: true };
}
