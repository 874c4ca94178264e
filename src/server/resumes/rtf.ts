/**
 * A small RTF-to-text converter for resumes: the document's visible text with paragraph breaks,
 * nothing else (no formatting). Handles groups, control words and symbols, ignorable and
 * non-text destinations (font and colour tables, stylesheet, pictures, objects, field
 * instructions, document info...), \'hh bytes in the code page of the document or of the current
 * font, \uN escapes with their \ucN fallback characters, and \bin data.
 *
 * Never throws on malformed input: unbalanced braces and truncated escapes just end the text.
 */

/** Destinations whose content is not document text. */
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'objdata',
  'datastore',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'listtable',
  'listoverridetable',
  'listtext',
  'pntext',
  'pntxta',
  'pntxtb',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'mmathPr',
  'fldinst',
  'bkmkstart',
  'bkmkend',
  'pgdsctbl',
  'filetbl',
  'revtbl',
  'userprops',
  'docvar',
  'nonshppict',
  'shpinst',
  'template',
  'wgrffmtfilter',
  'falt',
  'panose',
  'fname',
  'atnid',
  'atnauthor',
  'annotation',
  'xe',
  'tc',
]);

/** Control words that stand for a character or a break. */
const CHARACTER_WORDS: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n',
  page: '\n',
  row: '\n',
  cell: '\t',
  nestcell: '\t',
  tab: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
};

/** \fcharset values to Windows code pages. */
const CHARSET_CODEPAGES: Record<number, number> = {
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

/** The TextDecoder label of a Windows code page (windows-1252 when unknown). */
function decoderFor(codepage: number): TextDecoder {
  const label =
    codepage === 932
      ? 'shift_jis'
      : codepage === 936
        ? 'gbk'
        : codepage === 949
          ? 'euc-kr'
          : codepage === 950
            ? 'big5'
            : codepage === 874
              ? 'windows-874'
              : codepage >= 1250 && codepage <= 1258
                ? `windows-${codepage}`
                : 'windows-1252';
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('windows-1252');
  }
}

interface GroupState {
  /** Inside a destination whose text is dropped. */
  skip: boolean;
  /** Characters to drop after a \uN (\ucN). */
  uc: number;
  /** Current font number (\fN), for its charset. */
  font: number;
  /** Inside the font table. */
  inFontTable: boolean;
}

/** The plain text of an RTF document given as bytes or as a string of byte-valued characters. */
export function rtfToText(input: Uint8Array | string): string {
  const src =
    typeof input === 'string'
      ? input
      : // latin1 keeps each byte as one char, so \'hh and \bin see raw bytes.
        new TextDecoder('latin1').decode(input);
  const out: string[] = [];
  const fontCodepages = new Map<number, number>();
  let documentCodepage = 1252;
  let state: GroupState = { skip: false, uc: 1, font: -1, inFontTable: false };
  const stack: GroupState[] = [];
  /** Pending \'hh bytes, decoded together so multi-byte code pages work. */
  let bytes: number[] = [];
  let bytesCodepage = 1252;
  /** Fallback characters still to drop after a \uN. */
  let dropChars = 0;
  /** Font-table entry being read: its number and charset. */
  let fontEntry: { num: number; charset: number } | null = null;

  /** Charset 0 (ANSI) and unknown ones (1 default, 2 symbol) use the document code page. */
  const recordFont = () => {
    const cp =
      fontEntry && fontEntry.charset !== 0 ? CHARSET_CODEPAGES[fontEntry.charset] : undefined;
    if (fontEntry && cp !== undefined) fontCodepages.set(fontEntry.num, cp);
    fontEntry = null;
  };
  const codepage = () => fontCodepages.get(state.font) ?? documentCodepage;
  const flushBytes = () => {
    if (bytes.length === 0) return;
    if (!state.skip) out.push(decoderFor(bytesCodepage).decode(new Uint8Array(bytes)));
    bytes = [];
  };
  const emit = (text: string) => {
    flushBytes();
    if (!state.skip) out.push(text);
  };

  let i = 0;
  const n = src.length;
  while (i < n) {
    const ch = src[i]!;
    if (ch === '{') {
      flushBytes();
      stack.push(state);
      state = { ...state };
      dropChars = 0;
      i++;
      // An ignorable destination: {\* ...}
      if (src.startsWith('\\*', i)) {
        state.skip = true;
        i += 2;
      }
      continue;
    }
    if (ch === '}') {
      flushBytes();
      if (state.inFontTable) recordFont();
      state = stack.pop() ?? state;
      dropChars = 0;
      i++;
      if (stack.length === 0 && i < n && src.slice(i).trim() === '') break;
      continue;
    }
    if (ch === '\\') {
      const next = src[i + 1];
      if (next === undefined) break;
      // \'hh: one byte in the current code page.
      if (next === "'") {
        const hex = src.slice(i + 2, i + 4);
        i += 4;
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) continue;
        if (dropChars > 0) {
          dropChars--;
          continue;
        }
        const cp = codepage();
        if (bytes.length > 0 && cp !== bytesCodepage) flushBytes();
        bytesCodepage = cp;
        bytes.push(parseInt(hex, 16));
        continue;
      }
      // Control word: letters, an optional signed number, an optional space delimiter.
      if (/[a-zA-Z]/.test(next)) {
        let j = i + 1;
        while (j < n && /[a-zA-Z]/.test(src[j]!)) j++;
        const word = src.slice(i + 1, j);
        let k = j;
        if (src[k] === '-' && /\d/.test(src[k + 1] ?? '')) k++;
        while (k < n && /\d/.test(src[k]!)) k++;
        const param = k > j ? Number(src.slice(j, k)) : null;
        if (src[k] === ' ') k++;
        i = k;

        if (word === 'bin' && param !== null && param > 0) {
          i += param;
          continue;
        }
        if (word === 'u' && param !== null) {
          const code = param < 0 ? param + 65_536 : param;
          emit(String.fromCharCode(code));
          dropChars = state.uc;
          continue;
        }
        if (word === 'uc' && param !== null) {
          state.uc = Math.max(0, param);
          continue;
        }
        if (word === 'ansicpg' && param !== null) {
          documentCodepage = param;
          continue;
        }
        if (word === 'fonttbl') {
          state.inFontTable = true;
          state.skip = true;
          continue;
        }
        if (word === 'f' && param !== null) {
          if (state.inFontTable) {
            // Entries separated by ';' without their own group: keep the previous one.
            recordFont();
            fontEntry = { num: param, charset: 0 };
          } else {
            flushBytes();
            state.font = param;
          }
          continue;
        }
        if (word === 'fcharset' && param !== null && state.inFontTable && fontEntry) {
          fontEntry.charset = param;
          continue;
        }
        if (SKIPPED_DESTINATIONS.has(word)) {
          state.skip = true;
          continue;
        }
        const character = CHARACTER_WORDS[word];
        if (character !== undefined) {
          dropChars = 0;
          emit(character);
        }
        continue;
      }
      // Control symbols.
      i += 2;
      if (next === '\\' || next === '{' || next === '}') emit(next);
      else if (next === '~') emit('\u00a0');
      else if (next === '_') emit('\u2011');
      else if (next === '\n' || next === '\r') emit('\n');
      // \- (optional hyphen), \| and the rest: nothing.
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    // Plain text: a run of ordinary characters.
    let j = i;
    while (
      j < n &&
      src[j] !== '\\' &&
      src[j] !== '{' &&
      src[j] !== '}' &&
      src[j] !== '\r' &&
      src[j] !== '\n'
    )
      j++;
    let run = src.slice(i, j);
    i = j;
    if (dropChars > 0) {
      const dropped = Math.min(dropChars, run.length);
      run = run.slice(dropped);
      dropChars -= dropped;
    }
    if (run === '') continue;
    if (state.inFontTable) continue;
    // Bytes >= 0x80 written raw (not as \'hh) are in the document code page too.
    if (/[\u0080-\u00ff]/.test(run)) {
      flushBytes();
      if (!state.skip)
        out.push(decoderFor(codepage()).decode(Uint8Array.from(run, (c) => c.charCodeAt(0))));
    } else {
      emit(run);
    }
  }
  flushBytes();
  return out
    .join('')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
