/**
 * `npm run bench -- parse`: the resume parser over two corpora.
 * - tests/fixtures/resumes/corpus (PDF, DOCX, DOC, RTF and TXT made by LibreOffice): precision
 *   and recall per field, with the files and fields it gets wrong.
 * - tests/fixtures/resumes/world (84 resumes across the nine countries in English, Hindi and
 *   Arabic; TXT, DOCX, DOC, RTF, PDF printed by Chromium, and scanned image-only PDFs read by
 *   OCR): exact and exact-or-close accuracy per field, language and format, OCR accuracy per
 *   language, the skills returned that the resume does not list, and every miss.
 * - tests/fixtures/resumes/independent (12 resumes by other people, written apart from the
 *   parser's rules): the same scores, side by side with the world corpus's.
 * - ../shared/resumes-dev (40 resumes with truth.json, when that folder exists; parse-dev.ts):
 *   exact and close per field, language and producer, null answers apart, text parse p95.
 *
 * Options: `--dev` scores the development corpus alone; `--no-ocr` leaves its scans out;
 * `--ocr-cache` keeps its OCR text in /tmp between runs; `--only d12,d14` those files of it,
 * `--except d03,d09` all but those (a slice kept out of tuning); `--scores-only` prints the
 * tables without the list of wrong fields; `--dev --dir <folder>` scores another folder with a
 * truth.json of the same form (a set written apart later) in its place.
 */
import path from 'node:path';
import type { Benchmark } from './run';
import { FIELDS, scoreCorpus } from '../tests/fixtures/resumes/corpus/score';
import {
  scoreWorld,
  WORLD_FIELDS,
  WORLD_FORMATS,
  type Tally,
  type WorldScore,
} from '../tests/fixtures/resumes/world/score';
import { INDEPENDENT_DIR } from '../tests/fixtures/resumes/independent/dir';
import {
  DEV_CORPUS_DIR,
  DEV_FIELDS,
  scoreDevCorpus,
  type DevScore,
  type DevTally,
} from './parse-dev';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
const accuracy = (t: Tally) =>
  t.total === 0
    ? '      -         -   (none)'
    : `${pct(t.exact / t.total)}   ${pct(t.close / t.total)}   (${t.exact} / ${t.close} / ${t.total})`;

const LANGS = ['en', 'hi', 'ar'] as const;

function report(out: (s: string) => void, title: string, world: WorldScore, ms: number): void {
  out(`\n${title}: ${world.files} resumes in ${Math.round(ms)} ms`);
  out(
    world.skippedScans
      ? ` (${world.skippedScans} scans left out: tesseract not installed)\n\n`
      : '\n\n',
  );
  out('               exact    exact or close   (exact / close / checked)\n');
  for (const f of WORLD_FIELDS) out(`${f.padEnd(13)} ${accuracy(world.byField[f])}\n`);
  out('\n');
  for (const lang of LANGS)
    out(`${`language ${lang}`.padEnd(13)} ${accuracy(world.byLang[lang])}\n`);
  for (const format of WORLD_FORMATS) {
    if (world.byFormat[format].total > 0) {
      out(`${`format ${format}`.padEnd(13)} ${accuracy(world.byFormat[format])}\n`);
    }
  }
  for (const lang of LANGS) {
    if (world.scanByLang[lang].total > 0) {
      out(`${`OCR ${lang}`.padEnd(13)} ${accuracy(world.scanByLang[lang])}\n`);
    }
  }
  out(`${'overall'.padEnd(13)} ${accuracy(world.overall)}\n`);
  out(`\nskills not in the resume's list: ${world.extraSkills.length}\n`);
  for (const e of world.extraSkills) out(`  ${e.file}: ${e.skill}\n`);
  for (const m of world.misses) {
    out(`  ${m.grade} ${m.file} ${m.field}: expected "${m.expected}", got "${m.got}"\n`);
  }
}

function reportDev(
  out: (s: string) => void,
  dev: DevScore,
  ms: number,
  misses: boolean,
  dir = DEV_CORPUS_DIR,
): void {
  out(`\nDevelopment corpus (${dir}): ${dev.files} resumes in ${Math.round(ms)} ms`);
  out(dev.skippedScans ? ` (${dev.skippedScans} scans left out)\n\n` : '\n\n');
  out('                    exact    exact or close   (exact / close / checked)\n');
  const line = (label: string, t: DevTally) => out(`${label.padEnd(19)} ${accuracy(t)}\n`);
  for (const f of DEV_FIELDS) line(f, dev.byField[f]);
  out('\n');
  for (const [lang, t] of Object.entries(dev.byLang)) line(`language ${lang}`, t);
  for (const [producer, t] of Object.entries(dev.byProducer)) line(producer.slice(0, 19), t);
  line('scans', dev.scans);
  line('answer has a value', dev.withValue);
  line('answer is null', dev.nullAnswers);
  line('overall', dev.overall);
  const sorted = [...dev.textMs].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  out(
    `text resumes parsed: p95 ${Math.round(p95)} ms, slowest ${Math.round(sorted.at(-1) ?? 0)} ms\n\n`,
  );
  for (const m of misses ? dev.misses : []) {
    out(`  ${m.grade} ${m.file} ${m.field}: expected "${m.expected}", got "${m.got}"\n`);
  }
}

const devFigures = (dev: DevScore | null, ms: number) =>
  dev && {
    files: dev.files,
    ms: Math.round(ms),
    byField: dev.byField,
    byLang: dev.byLang,
    byProducer: dev.byProducer,
    scans: dev.scans,
    withValue: dev.withValue,
    nullAnswers: dev.nullAnswers,
    overall: dev.overall,
    misses: dev.misses,
  };

/** The files named after `flag` ("--only d03,d12"), or none when it is not given. */
const fileList = (args: string[], flag: string) => {
  const at = args.indexOf(flag);
  const list = at >= 0 ? (args[at + 1] ?? '').split(',').filter(Boolean) : [];
  return list.length > 0 ? list : undefined;
};

async function runDev(out: (s: string) => void, args: string[]) {
  const [only, except] = [fileList(args, '--only'), fileList(args, '--except')];
  const dirAt = args.indexOf('--dir');
  const dir = dirAt >= 0 && args[dirAt + 1] ? path.resolve(args[dirAt + 1]!) : undefined;
  const started = performance.now();
  const dev = await scoreDevCorpus({
    ocr: !args.includes('--no-ocr'),
    ocrCache: args.includes('--ocr-cache'),
    ...(only ? { only } : {}),
    ...(except ? { except } : {}),
    ...(dir ? { dir } : {}),
  });
  const ms = performance.now() - started;
  if (dev) reportDev(out, dev, ms, !args.includes('--scores-only'), dir);
  else out(`\nDevelopment corpus: ${dir ?? DEV_CORPUS_DIR} is not there, left out\n`);
  return devFigures(dev, ms);
}

const close = (t: Tally) => (t.total ? t.close / t.total : 0);

export const parseBenchmark: Benchmark = {
  name: 'parse',
  async run(args) {
    const out = (s: string) => process.stdout.write(s);
    if (args.includes('--dev')) return { dev: await runDev(out, args) };
    let started = performance.now();
    const score = await scoreCorpus();
    const ms = performance.now() - started;
    out(`LibreOffice corpus: ${score.files} resumes in ${Math.round(ms)} ms\n\n`);
    out('field         precision  recall   (right / given / expected)\n');
    for (const f of FIELDS) {
      const s = score.fields[f];
      out(
        `${f.padEnd(13)} ${pct(s.precision)}   ${pct(s.recall)}   (${s.right} / ${s.given} / ${s.expected})\n`,
      );
    }
    for (const m of score.misses) {
      out(`  miss ${m.file} ${m.field}: expected "${m.expected}", got "${m.got}"\n`);
    }

    started = performance.now();
    const world = await scoreWorld({ ocr: true });
    const worldMs = performance.now() - started;
    report(out, 'Nine-country corpus', world, worldMs);

    started = performance.now();
    const independent = await scoreWorld({ ocr: true, dir: INDEPENDENT_DIR });
    const independentMs = performance.now() - started;
    report(out, 'Independent corpus', independent, independentMs);
    const gap = (close(world.overall) - close(independent.overall)) * 100;
    out(
      `\nexact or close, nine-country minus independent: ${gap.toFixed(1)} points (goal: within 5)\n`,
    );
    const dev = await runDev(out, args);
    return {
      dev,
      files: score.files,
      ms: Math.round(ms),
      fields: score.fields,
      misses: score.misses,
      world: {
        files: world.files,
        ms: Math.round(worldMs),
        byField: world.byField,
        byLang: world.byLang,
        overall: world.overall,
        byFormat: world.byFormat,
        scanByLang: world.scanByLang,
        extraSkills: world.extraSkills,
        misses: world.misses,
      },
      independent: {
        files: independent.files,
        ms: Math.round(independentMs),
        byField: independent.byField,
        byLang: independent.byLang,
        byFormat: independent.byFormat,
        overall: independent.overall,
        extraSkills: independent.extraSkills,
        misses: independent.misses,
        gapPoints: Number(gap.toFixed(1)),
      },
    };
  },
};
