/**
 * The fonts embedded in generated resumes: Noto Sans for Latin (with Latin Extended and
 * Vietnamese for names across our countries), Devanagari and Arabic, regular and bold, from the
 * @fontsource packages (no system fonts needed). Arabic is Amiri: its glyph for every dotted letter
 * is one precomposed glyph, so text extracted from the PDF names the letter typed (a font that draws
 * a dotless base plus a dot mark reads back as the base letter). Each script's font is chosen per character by
 * the glyphs it really has, so a mixed line ("Java في Acme") takes each run from a font that can
 * draw it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

export interface EmbeddedFont {
  /** Name the PDF registers it under, e.g. latin-700. */
  id: string;
  bytes: Buffer;
  covers: (codePoint: number) => boolean;
  /**
   * OpenType features to switch off when shaping. Amiri's kerning opens a gap after letters that
   * do not join left (ر before ي) wide enough for text extractors to read a space inside the word.
   */
  features?: Record<string, boolean>;
}

const require = createRequire(import.meta.url);
/** Folder of a @fontsource package's font files (its main entry is index.css). */
const filesOf = (pkg: string) => join(dirname(require.resolve(pkg)), 'files');

const FACES = [
  ['latin', '@fontsource/noto-sans', 'noto-sans-latin'],
  ['latinext', '@fontsource/noto-sans', 'noto-sans-latin-ext'],
  ['vietnamese', '@fontsource/noto-sans', 'noto-sans-vietnamese'],
  ['devanagari', '@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari'],
  ['arabic', '@fontsource/amiri', 'amiri-arabic'],
] as const;
export type Weight = 400 | 700;

let cache: Map<Weight, EmbeddedFont[]> | null = null;

function load(): Map<Weight, EmbeddedFont[]> {
  const out = new Map<Weight, EmbeddedFont[]>();
  for (const weight of [400, 700] as const) {
    out.set(
      weight,
      FACES.map(([script, pkg, prefix]) => {
        const bytes = readFileSync(join(filesOf(pkg), `${prefix}-${weight}-normal.woff`));
        const font = fontkit.create(bytes) as fontkit.Font;
        return {
          id: `${script}-${weight}`,
          bytes,
          covers: (cp: number) => font.hasGlyphForCodePoint(cp),
          ...(script === 'arabic' ? { features: { kern: false } } : {}),
        };
      }),
    );
  }
  return out;
}

/** The fonts of a weight, Latin first (the fallback for characters no font has). */
export function fontsOf(weight: Weight): EmbeddedFont[] {
  cache ??= load();
  return cache.get(weight)!;
}

/** Every font file, for registering in a document. */
export function allFonts(): EmbeddedFont[] {
  return [...fontsOf(400), ...fontsOf(700)];
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
export const isArabic = (s: string) => ARABIC.test(s);

/**
 * Splits text into runs that one font draws: combining marks and spaces stay with the run
 * before them, so a Devanagari cluster or an Arabic word is shaped as a whole.
 */
export function fontRuns(text: string, weight: Weight): { font: EmbeddedFont; text: string }[] {
  const fonts = fontsOf(weight);
  const runs: { font: EmbeddedFont; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    if (last && (last.font.covers(cp) || /[\s\p{M}\u200C\u200D]/u.test(ch))) {
      last.text += ch;
      continue;
    }
    const font = fonts.find((f) => f.covers(cp)) ?? fonts[0]!;
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}
