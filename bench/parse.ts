/**
 * `npm run bench -- parse`: field-by-field precision and recall of the resume parser over the
 * corpus in tests/fixtures/resumes/corpus (PDF, DOCX, DOC, RTF and TXT made by LibreOffice),
 * with the files and fields it gets wrong.
 */
import type { Benchmark } from './run';
import { FIELDS, scoreCorpus } from '../tests/fixtures/resumes/corpus/score';

export const parseBenchmark: Benchmark = {
  name: 'parse',
  async run() {
    const started = performance.now();
    const score = await scoreCorpus();
    const ms = performance.now() - started;
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
    process.stdout.write(`${score.files} resumes in ${Math.round(ms)} ms\n\n`);
    process.stdout.write('field         precision  recall   (right / given / expected)\n');
    for (const f of FIELDS) {
      const s = score.fields[f];
      process.stdout.write(
        `${f.padEnd(13)} ${pct(s.precision)}   ${pct(s.recall)}   (${s.right} / ${s.given} / ${s.expected})\n`,
      );
    }
    if (score.misses.length > 0) {
      process.stdout.write('\nmisses:\n');
      for (const m of score.misses) {
        process.stdout.write(`  ${m.file} ${m.field}: expected "${m.expected}", got "${m.got}"\n`);
      }
    }
    return { files: score.files, ms: Math.round(ms), fields: score.fields, misses: score.misses };
  },
};
