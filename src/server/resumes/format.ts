/**
 * The format of an uploaded file, read from its bytes (never from its name or the browser's MIME
 * type):
 *
 * - pdf:  `%PDF-` in the first 1024 bytes (readers accept a little junk before the header)
 * - docx: a ZIP archive whose central directory lists `word/document.xml`
 * - doc:  an OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1) whose directory has a `WordDocument`
 *         stream (an .xls or .msg is OLE2 too, without that stream)
 * - rtf:  `{\rtf` at the start (after an optional BOM and whitespace)
 * - txt:  valid UTF-8, or UTF-16 with a BOM, without NUL and with few control characters
 *
 * Anything else (an executable, an image, an .odt or .xlsx, an empty file) is null.
 */
import type { ResumeExtension } from '~/lib/validation/resume';

export type ResumeFormat = ResumeExtension;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RTF = ascii('{\\rtf');

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function indexOf(bytes: Uint8Array, needle: readonly number[], from: number, to: number): number {
  const last = Math.min(to, bytes.length - needle.length);
  outer: for (let i = from; i <= last; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** One entry of a ZIP central directory. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated (anything else a resume never uses). */
  method: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

/**
 * The entries of a ZIP archive's central directory, or null when there is none (not a ZIP, or a
 * truncated one). ZIP64 archives are not read (a 6MB resume never needs one).
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const dv = view(bytes);
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = dv.getUint16(eocd + 10, true);
  const dirSize = dv.getUint32(eocd + 12, true);
  const dirOffset = dv.getUint32(eocd + 16, true);
  if (dirOffset + dirSize > eocd) return null;
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || dv.getUint32(p, true) !== 0x02014b50) return null;
    const nameLength = dv.getUint16(p + 28, true);
    const extraLength = dv.getUint16(p + 30, true);
    const commentLength = dv.getUint16(p + 32, true);
    if (p + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      compressedSize: dv.getUint32(p + 20, true),
      uncompressedSize: dv.getUint32(p + 24, true),
      method: dv.getUint16(p + 10, true),
      localOffset: dv.getUint32(p + 42, true),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const ENDOFCHAIN = 0xfffffffe;
const FREESECT = 0xffffffff;

/**
 * The names in an OLE2 compound file's directory, or null when the structure is broken. Reads the
 * header, the FAT (through the header's DIFAT and the DIFAT chain) and the directory chain;
 * every chain walk is bounded, so a crafted loop cannot hang it.
 */
export function ole2DirectoryNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, OLE2) || bytes.length < 512) return null;
  const dv = view(bytes);
  const sectorShift = dv.getUint16(0x1e, true);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const inFile = (sector: number) => sector < sectorCount && sectorOffset(sector) < bytes.length;

  // The FAT sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = dv.getUint32(0x4c + i * 4, true);
    if (s !== FREESECT && s !== ENDOFCHAIN) fatSectors.push(s);
  }
  let difat = dv.getUint32(0x44, true);
  for (let guard = 0; difat !== ENDOFCHAIN && difat !== FREESECT && guard < 1000; guard++) {
    if (!inFile(difat)) return null;
    const base = sectorOffset(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector; i++) {
      if (base + i * 4 + 4 > bytes.length) break;
      const s = dv.getUint32(base + i * 4, true);
      if (s !== FREESECT && s !== ENDOFCHAIN) fatSectors.push(s);
    }
    if (base + perSector * 4 + 4 > bytes.length) break;
    difat = dv.getUint32(base + perSector * 4, true);
  }
  const next = (sector: number): number => {
    const perFat = sectorSize / 4;
    const fat = fatSectors[Math.floor(sector / perFat)];
    if (fat === undefined || !inFile(fat)) return ENDOFCHAIN;
    const at = sectorOffset(fat) + (sector % perFat) * 4;
    return at + 4 <= bytes.length ? dv.getUint32(at, true) : ENDOFCHAIN;
  };

  const names: string[] = [];
  let dir = dv.getUint32(0x30, true);
  for (let guard = 0; dir !== ENDOFCHAIN && guard < 10_000; guard++) {
    if (!inFile(dir)) return names.length > 0 ? names : null;
    const base = sectorOffset(dir);
    for (let e = 0; e < sectorSize / 128; e++) {
      const at = base + e * 128;
      if (at + 128 > bytes.length) break;
      const nameBytes = Math.min(dv.getUint16(at + 0x40, true), 64);
      const type = bytes[at + 0x42];
      if (nameBytes < 2 || type === 0) continue;
      let name = '';
      for (let i = 0; i + 1 < nameBytes - 1; i += 2) {
        name += String.fromCharCode(dv.getUint16(at + i, true));
      }
      names.push(name);
    }
    dir = next(dir);
  }
  return names;
}

/** Share of characters that are controls other than tab, line feed, form feed, carriage return. */
function controlShare(text: string): number {
  if (text.length === 0) return 0;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f)
      controls++;
  }
  return controls / text.length;
}

/**
 * The text of a plain-text file: UTF-8 (BOM optional) or UTF-16 LE/BE with a BOM. Null when the
 * bytes are not valid text of those encodings, hold a NUL, or are more than 1% control characters.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (startsWith(bytes, [0xff, 0xfe])) {
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    } else if (startsWith(bytes, [0xfe, 0xff])) {
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    } else {
      // TextDecoder drops a UTF-8 BOM by itself.
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
  } catch {
    return null;
  }
  if (text.includes('\u0000') || controlShare(text) > 0.01) return null;
  return text;
}

function isRtf(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (
    i < bytes.length &&
    i < 64 &&
    (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  )
    i++;
  return startsWith(bytes, RTF, i);
}

/** The resume format of a file from its content, or null when it is none of them. */
export function detectFormat(input: Uint8Array | ArrayBuffer): ResumeFormat | null {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length === 0) return null;
  if (indexOf(bytes, PDF, 0, 1024) >= 0) return 'pdf';
  if (startsWith(bytes, ZIP) || startsWith(bytes, ZIP_EMPTY)) {
    const entries = zipEntries(bytes);
    return entries?.some((e) => e.name === 'word/document.xml') ? 'docx' : null;
  }
  if (startsWith(bytes, OLE2)) {
    return ole2DirectoryNames(bytes)?.includes('WordDocument') ? 'doc' : null;
  }
  if (isRtf(bytes)) return 'rtf';
  return decodeText(bytes) !== null ? 'txt' : null;
}

/**
 * Whether content of `format` may carry the extension `ext`: the same format, or RTF saved under
 * .doc (Word and many converters do that). A text file named .pdf is not a PDF.
 */
export function formatMatchesExtension(format: ResumeFormat, ext: string): boolean {
  return format === ext || (format === 'rtf' && ext === 'doc');
}
