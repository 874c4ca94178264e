/**
 * `npm run bench -- parse`: the resume parser over two corpora.
 * - tests/fixtures/resumes/corpus (PDF, DOCX, DOC, RTF and TXT made by LibreOffice): precision
 *   and recall per field, with the files and fields it gets wrong.
 * - tests/fixtures/resumes/world (68 resumes across the nine countries in English, Hindi and
 *   Arabic; TXT, DOCX, RTF, PDF printed by Chromium): exact and exact-or-close accuracy per field
 *   and per language, the skills returned that the resume does not list, and every miss.
 */
import type { Benchmark } from './run';
import { FIELDS, scoreCorpus } from '../tests/fixtures/resumes/corpus/score';
import { scoreWorld, WORLD_FIELDS, type Tally } from '../tests/fixtures/resumes/world/score';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
const accuracy = (t: Tally) =>
  `${pct(t.exact / t.total)}   ${pct(t.close / t.total)}   (${t.exact} / ${t.close} / ${t.total})`;

export const parseBenchmark: Benchmark = {
  name: 'parse',
  async run() {
    const out = (s: string) => process.stdout.write(s);
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
    const world = await scoreWorld();
    const worldMs = performance.now() - started;
    out(`\nNine-country corpus: ${world.files} resumes in ${Math.round(worldMs)} ms\n\n`);
    out('               exact    exact or close   (exact / close / checked)\n');
    for (const f of WORLD_FIELDS) out(`${f.padEnd(13)} ${accuracy(world.byField[f])}\n`);
    out('\n');
    for (const lang of ['en', 'hi', 'ar'] as const) {
      out(`${`language ${lang}`.padEnd(13)} ${accuracy(world.byLang[lang])}\n`);
    }
    out(`${'overall'.padEnd(13)} ${accuracy(world.overall)}\n`);
    out(`\nskills not in the resume's list: ${world.extraSkills.length}\n`);
    for (const e of world.extraSkills) out(`  ${e.file}: ${e.skill}\n`);
    for (const m of world.misses) {
      out(`  ${m.grade} ${m.file} ${m.field}: expected "${m.expected}", got "${m.got}"\n`);
    }
    return {
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
        extraSkills: world.extraSkills,
        misses: world.misses,
      },
    };
  },
};
