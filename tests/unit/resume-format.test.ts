/**
 * Resume upload rules (src/lib/validation/resume.ts), format detection by content, the RTF
 * converter and text extraction, on fixtures made by LibreOffice Writer (tests/fixtures/resumes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  checkResumeFile,
  isValidResumeFileName,
  RESUME_FORMAT_MESSAGE,
  RESUME_INVALID_MESSAGE,
  RESUME_MAX_BYTES,
  RESUME_MESSAGES,
  RESUME_REQUIRED_MESSAGE,
  RESUME_SIZE_MESSAGE,
  RESUME_SIZE_OR_FORMAT_MESSAGE,
  resumeExtension,
  ResumeFileSchema,
  resumeIssueOf,
} from '~/lib/validation/resume';
import { isValidKey, ownerKey } from '~/server/adapters/storage';
import { loadConfig } from '~/server/config';
import { checkArchive, checkDeclaredSizes } from '~/server/resumes/archive';
import { extractResumeText } from '~/server/resumes/extract';
import { zipBombDocx } from '../fixtures/resumes/zip-bomb';
import { decodeText, detectFormat, ole2DirectoryNames, zipEntries } from '~/server/resumes/format';
import { rtfToText } from '~/server/resumes/rtf';

const FIXTURES = path.resolve(__dirname, '../fixtures/resumes');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const MB = 1024 * 1024;

describe('SPEC §5 messages', () => {
  it('are the spec texts, verbatim', () => {
    expect(RESUME_MESSAGES).toEqual({
      required: 'Please Upload Resume',
      invalidFile: 'Please upload valid file',
      format: 'File format must be .doc, .docx, .pdf or .rtf',
      size: 'File size must be less than or equal to 6MB',
      sizeOrFormat: 'File size or format is not allowed',
    });
    expect(RESUME_MAX_BYTES).toBe(6 * MB);
  });

  it('maps a server message back to its issue (for the translation)', () => {
    expect(resumeIssueOf(RESUME_SIZE_MESSAGE)).toBe('size');
    expect(resumeIssueOf('something else')).toBeUndefined();
  });
});

describe('checkResumeFile and ResumeFileSchema', () => {
  const cases: [string, unknown, string | null][] = [
    ['a docx', { name: 'Priya Sharma CV.docx', size: 6522 }, null],
    ['each allowed extension, any case', { name: 'cv.PDF', size: 1 }, null],
    ['a txt (allowed although the format message omits it)', { name: 'cv.txt', size: 10 }, null],
    ['exactly 6MB', { name: 'cv.pdf', size: 6 * MB }, null],
    ['every allowed special character', { name: "a&~@#$()_-';. b.doc", size: 5 }, null],
    ['a Hindi file name', { name: 'प्रिया बायोडाटा.pdf', size: 5 }, null],
    ['an Arabic file name', { name: 'السيرة الذاتية.docx', size: 5 }, null],
    ['nothing', undefined, RESUME_REQUIRED_MESSAGE],
    ['null', null, RESUME_REQUIRED_MESSAGE],
    ['not a file', 'cv.pdf', RESUME_REQUIRED_MESSAGE],
    ['one byte over 6MB', { name: 'cv.pdf', size: 6 * MB + 1 }, RESUME_SIZE_MESSAGE],
    ['a wrong extension', { name: 'cv.odt', size: 100 }, RESUME_FORMAT_MESSAGE],
    ['an executable', { name: 'setup.exe', size: 100 }, RESUME_FORMAT_MESSAGE],
    ['no extension', { name: 'resume', size: 100 }, RESUME_FORMAT_MESSAGE],
    [
      'a wrong extension and too big',
      { name: 'video.mp4', size: 7 * MB },
      RESUME_SIZE_OR_FORMAT_MESSAGE,
    ],
    ['an empty file', { name: 'cv.pdf', size: 0 }, RESUME_INVALID_MESSAGE],
    ['an exclamation mark', { name: 'resume!final.txt', size: 10 }, RESUME_INVALID_MESSAGE],
    ['a slash', { name: 'a/b.pdf', size: 10 }, RESUME_INVALID_MESSAGE],
    ['a percent sign', { name: 'cv%20.pdf', size: 10 }, RESUME_INVALID_MESSAGE],
    ['a comma', { name: 'Sharma, Priya.pdf', size: 10 }, RESUME_INVALID_MESSAGE],
    ['only an extension', { name: '.pdf', size: 10 }, RESUME_INVALID_MESSAGE],
    [
      'a name of 201 characters',
      { name: `${'a'.repeat(197)}.pdf`, size: 10 },
      RESUME_INVALID_MESSAGE,
    ],
  ];

  it.each(cases)('%s', (_, file, message) => {
    const issue = checkResumeFile(file);
    expect(issue === null ? null : RESUME_MESSAGES[issue]).toBe(message);
    const result = v.safeParse(ResumeFileSchema, file);
    expect(result.success).toBe(message === null);
    if (!result.success) expect(result.issues[0].message).toBe(message);
  });

  it('reads a browser File', () => {
    const file = new File(['hello'], 'cv.txt', { type: 'text/plain' });
    expect(checkResumeFile(file)).toBeNull();
    expect(checkResumeFile(new File([], 'cv.txt'))).toBe('invalidFile');
  });

  it('extension and name helpers', () => {
    expect(resumeExtension('a.b.DOCX')).toBe('docx');
    expect(resumeExtension('noext')).toBe('');
    expect(resumeExtension('.pdf')).toBe('');
    expect(isValidResumeFileName("O'Brien (2024) CV.pdf")).toBe(true);
    expect(isValidResumeFileName('cv<script>.pdf')).toBe(false);
  });
});

describe('detectFormat', () => {
  it.each([
    ['priya-sharma.docx', 'docx'],
    ['priya-sharma.doc', 'doc'],
    ['priya-sharma.rtf', 'rtf'],
    ['priya-sharma.pdf', 'pdf'],
    ['mohammed-al-farsi.txt', 'txt'],
    ['program-renamed.pdf', null],
    ['photo-renamed.docx', null],
    ['priya-sharma.odt', null],
    ['empty.pdf', null],
  ])('%s is %s', (name, format) => {
    expect(detectFormat(fixture(name))).toBe(format);
  });

  it('reads the ZIP directory and the OLE2 directory of real files', () => {
    expect(zipEntries(fixture('priya-sharma.docx'))?.map((e) => e.name)).toContain(
      'word/document.xml',
    );
    expect(zipEntries(fixture('priya-sharma.odt'))?.map((e) => e.name)).toContain('content.xml');
    expect(ole2DirectoryNames(fixture('priya-sharma.doc'))).toEqual(
      expect.arrayContaining(['Root Entry', 'WordDocument']),
    );
  });

  it('refuses a DOCX zip bomb from its directory, and one whose directory lies while inflating', () => {
    const bomb = zipBombDocx(400);
    expect(bomb.length).toBeLessThan(600 * 1024);
    expect(detectFormat(bomb)).toBe('docx');
    expect(checkArchive(bomb)).toEqual({ ok: false, reason: expect.stringMatching(/inflates/) });
    const liar = zipBombDocx(400, { lie: true });
    expect(zipEntries(liar)?.every((e) => e.uncompressedSize <= 1024)).toBe(true);
    expect(checkArchive(liar)).toEqual({
      ok: false,
      reason: 'word/media/image1.png inflates past its size',
    });
  });

  it('lets a real DOCX and a large honest one through (the bomb builder makes real deflate)', () => {
    expect(checkArchive(fixture('priya-sharma.docx'))).toEqual({ ok: true });
    const honest = zipBombDocx(8);
    const part = zipEntries(honest)!.find((e) => e.name.endsWith('.png'))!;
    const start = part.localOffset + 30 + 'word/media/image1.png'.length;
    const data = honest.subarray(start, start + part.compressedSize);
    expect(inflateRawSync(data).length).toBe(8 * 1024 * 1024);
    expect(checkArchive(honest)).toEqual({ ok: true });
  });

  it('refuses an archive with more entries than a resume has', () => {
    const entry = { name: 'x', compressedSize: 1, uncompressedSize: 1, method: 8, localOffset: 0 };
    expect(checkDeclaredSizes(Array.from({ length: 1001 }, () => entry)).ok).toBe(false);
    expect(checkDeclaredSizes(Array.from({ length: 40 }, () => entry)).ok).toBe(true);
  });

  /** Replaces every occurrence of `from` with `to` (same length) in a copy of the bytes. */
  function patch(bytes: Uint8Array, from: Uint8Array, to: Uint8Array): Uint8Array {
    const out = bytes.slice();
    for (let i = 0; i + from.length <= out.length; i++) {
      if (from.every((b, j) => out[i + j] === b)) out.set(to, i);
    }
    return out;
  }
  const utf16 = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le'));
  const ascii = (s: string) => new TextEncoder().encode(s);

  it('refuses a ZIP without word/document.xml (e.g. a spreadsheet) and an OLE2 file without a WordDocument stream', () => {
    const docx = patch(
      fixture('priya-sharma.docx'),
      ascii('word/document.xml'),
      ascii('word/documenX.xml'),
    );
    expect(detectFormat(docx)).toBeNull();
    const doc = patch(fixture('priya-sharma.doc'), utf16('WordDocument'), utf16('XordDocument'));
    expect(detectFormat(doc)).toBeNull();
  });

  it('refuses truncated and random binaries without throwing', () => {
    expect(detectFormat(fixture('priya-sharma.docx').slice(0, 2000))).toBeNull();
    expect(detectFormat(fixture('priya-sharma.doc').slice(0, 700))).toBeNull();
    let seed = 7;
    for (let n = 0; n < 200; n++) {
      const bytes = new Uint8Array(64 + n * 13);
      for (let i = 0; i < bytes.length; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        bytes[i] = seed >>> 24;
      }
      if (n % 3 === 0) bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      if (n % 3 === 1) bytes.set([0x50, 0x4b, 0x03, 0x04]);
      expect(() => detectFormat(bytes)).not.toThrow();
      expect(detectFormat(bytes)).toBeNull();
    }
  });

  it('finds a PDF header after a little junk, an RTF after a BOM and spaces', () => {
    expect(detectFormat(ascii('\r\n  %PDF-1.4\n...'))).toBe('pdf');
    expect(detectFormat(new Uint8Array([0xef, 0xbb, 0xbf, ...ascii('  {\\rtf1 hi}')]))).toBe('rtf');
  });

  it('takes UTF-8 (with or without BOM) and UTF-16 with a BOM as text; not Latin-1, NULs or controls', () => {
    expect(detectFormat(ascii('Priya Sharma\nJava'))).toBe('txt');
    expect(detectFormat(new Uint8Array([0xef, 0xbb, 0xbf, ...ascii('Priya')]))).toBe('txt');
    expect(detectFormat(new Uint8Array([0xff, 0xfe, ...utf16('प्रिया शर्मा')]))).toBe('txt');
    const be = Buffer.from('محمد', 'utf16le').swap16();
    expect(detectFormat(new Uint8Array([0xfe, 0xff, ...be]))).toBe('txt');
    expect(decodeText(new Uint8Array([0xfe, 0xff, ...be]))).toBe('محمد');
    expect(detectFormat(new Uint8Array([0x52, 0xe9, 0x73, 0x75, 0x6d, 0xe9]))).toBeNull(); // "Résumé" in Latin-1
    expect(detectFormat(ascii('Priya\u0000Sharma'))).toBeNull();
    expect(detectFormat(ascii('\u0001\u0002\u0003 abc'))).toBeNull();
  });
});

describe('rtfToText', () => {
  it('keeps text and paragraph breaks, drops tables of fonts, colours and styles', () => {
    const rtf =
      '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}{\\colortbl;\\red0\\green0\\blue0;}' +
      '{\\stylesheet{\\s1 Heading 1;}}{\\info{\\title Secret}}' +
      '\\pard\\b Priya Sharma\\b0\\par Senior\\tab Engineer\\line Pune\\par}';
    expect(rtfToText(rtf)).toBe('Priya Sharma\nSenior\tEngineer\nPune');
  });

  it("decodes \\'hh in the document and font code pages, and \\uN with its fallback", () => {
    expect(rtfToText("{\\rtf1\\ansi\\ansicpg1252 R\\'e9sum\\'e9}")).toBe('Résumé');
    expect(rtfToText('{\\rtf1\\uc1 caf\\u233?}')).toBe('café');
    expect(rtfToText("{\\rtf1\\uc1 \\u8226\\'95 item}")).toBe('• item');
    // The space after a control word ends it; a second space is text.
    expect(rtfToText('{\\rtf1\\uc0 \\u8211  dash}')).toBe('– dash');
    expect(rtfToText('{\\rtf1 \\u-3913?}')).toBe('\uf0b7');
    // Arabic in an Arabic-charset font (code page 1256): \'e3\'cd\'e3\'cf is محمد
    const arabic =
      "{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0\\fnil Arial;}{\\f1\\fnil\\fcharset178 Arial;}}\\f1 \\'e3\\'cd\\'e3\\'cf\\f0  Ali}";
    expect(rtfToText(arabic)).toBe('محمد Ali');
  });

  it('skips ignorable destinations, field instructions, pictures and binary data', () => {
    const rtf =
      '{\\rtf1{\\*\\generator Writer;}{\\field{\\*\\fldinst HYPERLINK "mailto:a@b.co"}{\\fldrslt a@b.co}}' +
      '\\par{\\pict\\pngblip 89504e47}{\\*\\themedata 504b}\\bin4 \x00\x01{}\\par after}';
    expect(rtfToText(rtf)).toBe('a@b.co\n\nafter');
  });

  it('escaped braces and backslashes are text; broken input does not throw', () => {
    expect(rtfToText('{\\rtf1 a\\{b\\}c\\\\d}')).toBe('a{b}c\\d');
    for (const broken of ['{\\rtf1 {{{ x', '{\\rtf1 \\', "{\\rtf1 \\'z", '}}}', '{\\rtf1 \\u']) {
      expect(() => rtfToText(broken)).not.toThrow();
    }
  });
});

describe('extractResumeText', () => {
  it.each(['priya-sharma.docx', 'priya-sharma.doc', 'priya-sharma.rtf', 'priya-sharma.pdf'])(
    '%s: every line of the resume, in order',
    async (name) => {
      const bytes = fixture(name);
      const text = await extractResumeText(bytes, detectFormat(bytes)!);
      const lines = text.split('\n').map((l) => l.trim());
      // Line breaks inside a paragraph (Shift+Enter) stay line breaks.
      expect(lines).toContain('Priya Sharma');
      expect(lines).toContain('Senior Software Engineer');
      const order = ['Priya Sharma', 'Key Skills', 'Work Experience', 'Education', 'Languages'];
      const at = order.map((s) => text.indexOf(s));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    },
  );

  it('a UTF-16 text file and an HTML page saved as text', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('प्रिया शर्मा\nJava', 'utf16le')]);
    expect(await extractResumeText(utf16, 'txt')).toBe('प्रिया शर्मा\nJava');
    const html = new TextEncoder().encode(
      '<html><head><style>p{}</style></head><body><p>Priya <b>Sharma</b></p><p>Java &amp; SQL</p></body></html>',
    );
    const text = await extractResumeText(html, 'txt');
    expect(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual(['Priya Sharma', 'Java & SQL']);
  });

  it('rejects (for the caller to record) a PDF it cannot read', async () => {
    await expect(
      extractResumeText(new TextEncoder().encode('%PDF-1.4\ngarbage'), 'pdf'),
    ).rejects.toThrow();
  });
});

describe('resume configuration', () => {
  it('defaults: uploads under DATA_DIR/uploads, 30 uploads per address per hour', () => {
    const config = loadConfig({});
    expect(config.UPLOADS_DIR).toBeUndefined();
    expect(config.RESUME_UPLOADS_PER_HOUR).toBe(30);
    expect(loadConfig({ UPLOADS_DIR: 'files/up' }).UPLOADS_DIR).toBe(
      path.resolve(process.cwd(), 'files/up'),
    );
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ RESUME_UPLOADS_PER_HOUR: 'many' })).toThrow(
      /RESUME_UPLOADS_PER_HOUR="many": RESUME_UPLOADS_PER_HOUR must be a whole number/,
    );
  });
});

describe('storage keys', () => {
  it('are owner-scoped and cannot leave their folder', () => {
    expect(ownerKey({ userId: 'ABC-1' }, 'resumes', 'x.pdf')).toBe('users/abc-1/resumes/x.pdf');
    expect(ownerKey({ guestTokenHash: 'f'.repeat(64) }, 'resumes', 'x.pdf')).toBe(
      `guests/${'f'.repeat(32)}/resumes/x.pdf`,
    );
    for (const bad of ['../x', 'a/../b', '/abs', 'a//b', 'A/b', 'a/b\\c', '']) {
      expect(isValidKey(bad)).toBe(false);
    }
    expect(() => ownerKey({ userId: '../../etc' }, 'resumes', 'passwd')).toThrow();
  });
});
