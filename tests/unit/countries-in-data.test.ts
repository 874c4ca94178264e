/**
 * A country is data (decision 0091): no code in src/ outside the site files (sites/) and the
 * reference data (src/server/reference/, src/content/) names a particular site, by its key or
 * its context, or a currency one of the sites pays in. Comments are not code: an example there
 * is allowed. What is forbidden is read from the site files themselves, so a new site is guarded
 * as soon as it has its file.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sites } from '../../sites';
import { SEARCH_PARTITION_SITES, searchJobsPartitions } from '~/server/db/schema-search';

const root = path.resolve(__dirname, '../..');
/** Folders of src/ that are site data or reference data: they may name a site. */
const DATA = ['src/server/reference/', 'src/content/'];
const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|astro)$/;

const words = (list: readonly string[]) => [...new Set(list)].join('|');
/** A site's context (rexmonster...) anywhere in code, even inside a name (searchJobsRexmonster). */
const CONTEXT = new RegExp(words(sites.map((s) => s.context)), 'i');
/** A site's key (a string 'gulf', a variable gulf) or a currency code (INR) as a whole word. */
const KEY_OR_CURRENCY = new RegExp(
  `(?<![\\p{L}\\d_$])(?:${words([
    ...sites.map((s) => s.key),
    ...sites.flatMap((s) => [s.currency.code, ...s.otherCountries.map((c) => c.currency)]),
  ])})(?![\\p{L}\\d_$])`,
  'u',
);

/** A piece of code (no comments) and the line it starts on. */
interface Piece {
  line: number;
  text: string;
}

/** The pieces of TypeScript or JavaScript: its literals, names and JSX text, without comments. */
function codePieces(source: string, fileName: string, firstLine = 1): Piece[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const pieces: Piece[] = [];
  // forEachChild walks the syntax, never a comment: names, literals and JSX text are the leaves.
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) ||
      ts.isPrivateIdentifier(node) ||
      ts.isStringLiteralLike(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node)
    ) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      pieces.push({ line: firstLine + line, text: node.getText(file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return pieces;
}

/** The pieces of an .astro file: its frontmatter as code, its markup line by line without comments. */
function astroPieces(source: string, fileName: string): Piece[] {
  const fence = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(source);
  const front = fence ? codePieces(fence[1] ?? '', `${fileName}.ts`, 2) : [];
  const skipped = fence ? fence[0].split('\n').length - 1 : 0;
  const markup = source
    .slice(fence ? fence[0].length : 0)
    // Comments keep their line breaks, so the lines after them keep their numbers.
    .replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}|\/\*[\s\S]*?\*\//g, (c) =>
      c.replace(/[^\n]/g, ' '),
    )
    .split('\n')
    .map((text, i) => ({ line: skipped + i + 1, text: text.replace(/\/\/.*$/, '') }));
  return [...front, ...markup];
}

/** The lines of a file that name a site or a currency of one, as "file:line: text". */
export function namingLines(file: string, source: string): string[] {
  // Most files name none anywhere, comments included: only the others are parsed.
  if (!CONTEXT.test(source) && !KEY_OR_CURRENCY.test(source)) return [];
  const pieces = file.endsWith('.astro') ? astroPieces(source, file) : codePieces(source, file);
  const lines = new Set<number>();
  for (const piece of pieces)
    if (CONTEXT.test(piece.text) || KEY_OR_CURRENCY.test(piece.text)) lines.add(piece.line);
  const text = source.split('\n');
  return [...lines]
    .sort((a, b) => a - b)
    .map((line) => `${file}:${line}: ${(text[line - 1] ?? '').trim()}`);
}

function codeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !DATA.some((data) => file.startsWith(data)));
}

// Reading every file of src/ takes a few seconds on a busy machine.
describe('a country is data', { timeout: 60_000 }, () => {
  it('no code in src/ outside the site and reference data names a site or its currency', () => {
    const files = codeFiles('src');
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      namingLines(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(
      found,
      `Name sites and currencies in their data, not here:\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('finds a site or a currency in code, with its file and line, and lets comments be', () => {
    const component = [
      '---',
      '// The Gulf site (monstergulf) pays in AED: an example in a comment.',
      'const { site } = Astro.locals;',
      "const gulf = site.context === 'monstergulf';",
      '---',
      '<!-- rexmonster -->',
      '<p>{gulf ? "AED" : site.currency.code}</p>',
    ].join('\n');
    expect(namingLines('src/components/Pay.astro', component)).toEqual([
      "src/components/Pay.astro:4: const gulf = site.context === 'monstergulf';",
      'src/components/Pay.astro:7: <p>{gulf ? "AED" : site.currency.code}</p>',
    ]);
    const code = [
      '/** Prices in INR on rexmonster. */',
      'export const SEARCH_SITES = [',
      "  'rexmonster', // India",
      '];',
      "export const inIndia = (code: string) => code === 'INR' || code === `SGD`;",
      'export const searchJobsMonsterhongkong = 1;',
      "export const india = 'indiana';",
    ].join('\n');
    expect(namingLines('src/server/example.ts', code)).toEqual([
      "src/server/example.ts:3: 'rexmonster', // India",
      "src/server/example.ts:5: export const inIndia = (code: string) => code === 'INR' || code === `SGD`;",
      'src/server/example.ts:6: export const searchJobsMonsterhongkong = 1;',
      "src/server/example.ts:7: export const india = 'indiana';",
    ]);
  });

  it('gives search_jobs a partition for each site whose file says so, as the migrations made them', () => {
    const sql = readFileSync(path.join(root, 'drizzle/sql/search_jobs.sql'), 'utf8');
    const made = [...sql.matchAll(/CREATE TABLE (search_jobs_\w+) PARTITION OF search_jobs/g)];
    const partitions = made.map((m) => m[1]);
    expect(SEARCH_PARTITION_SITES.map((context) => `search_jobs_${context}`).sort()).toEqual(
      partitions.filter((name) => name !== 'search_jobs_other').sort(),
    );
    expect(Object.keys(searchJobsPartitions).sort()).toEqual(partitions.sort());
  });
});
