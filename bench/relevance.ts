/**
 * Relevance benchmark: searches typed as people type them (typos, a place in the keyword box,
 * other names of job words, hyphens, plurals, location typos, Hindi and Arabic spellings; the
 * variants are bench/relevance-variants.json), each compared with the clean search it means on
 * the demo data (5,000 jobs, PGlite): the share that find jobs, the share that keep at least 2 of
 * the clean search's top 3 in their own top 3, and the mean overlap of the top 10; per kind.
 *
 *   npm run bench -- relevance [--jobs 5000] [--variants FILE]
 *
 * Targets (issue 47): 97% find jobs, 85% keep the top 3 (every kind 70%), overlap 0.75.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EMPTY_SEARCH, type SearchState } from '~/lib/search/state';
import { createDb } from '~/server/db/client';
import { searchJobs } from '~/server/search/service';
import { prepareDatabase } from '~/server/startup';
import type { Benchmark } from './run';
import { NOW } from './search-queries';

interface Variant {
  kind: string;
  site: string;
  variant: { q: string; loc?: string };
  clean: { q: string; loc?: string };
}

interface Tally {
  n: number;
  found: number;
  keep3: number;
  overlap: number;
}

const TARGETS = { found: 0.97, keep3: 0.85, keep3PerKind: 0.7, overlap: 0.75 };

const DEFAULT_VARIANTS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'relevance-variants.json',
);

const stateOf = (s: { q: string; loc?: string }): SearchState => ({
  ...EMPTY_SEARCH,
  q: s.q,
  location: s.loc ?? '',
  filters: {},
});

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);

export const relevanceBenchmark: Benchmark = {
  name: 'relevance',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        jobs: { type: 'string', default: '5000' },
        variants: { type: 'string', default: DEFAULT_VARIANTS },
      },
      allowPositionals: true,
    });
    const variants = JSON.parse(readFileSync(String(values.variants), 'utf8')) as Variant[];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-relevance-'));
    const handle = await createDb({ dataDir: dir });
    try {
      process.stdout.write(`  seeding ${values.jobs} demo jobs\n`);
      await prepareDatabase({ db: handle.db, seedJobs: Number(values.jobs), now: NOW });
      const byKind = new Map<string, Tally>();
      const all: Tally = { n: 0, found: 0, keep3: 0, overlap: 0 };
      const misses: string[] = [];
      for (const v of variants) {
        const run = (s: SearchState) => searchJobs(v.site, s, handle.db, { now: NOW });
        const [typed, clean] = [await run(stateOf(v.variant)), await run(stateOf(v.clean))];
        const ids = (r: typeof typed, n: number) => r.jobs.slice(0, n).map((j) => j.id);
        const cleanTop3 = ids(clean, 3);
        const kept = ids(typed, 3).filter((id) => cleanTop3.includes(id)).length;
        const cleanTop10 = ids(clean, 10);
        const overlap = share(
          ids(typed, 10).filter((id) => cleanTop10.includes(id)).length,
          Math.min(10, cleanTop10.length),
        );
        const keep3 = kept >= Math.min(2, cleanTop3.length);
        for (const t of [all, byKind.get(v.kind) ?? { n: 0, found: 0, keep3: 0, overlap: 0 }]) {
          t.n += 1;
          t.found += typed.total > 0 ? 1 : 0;
          t.keep3 += keep3 ? 1 : 0;
          t.overlap += overlap;
          if (t !== all) byKind.set(v.kind, t);
        }
        if (!keep3)
          misses.push(
            `${v.kind} ${v.site} "${v.variant.q}" ${v.variant.loc ?? ''} (${typed.total})`,
          );
      }
      process.stdout.write(`  kind            n   found   keep3  overlap\n`);
      const rows = [...byKind.entries(), ['ALL', all] as const];
      for (const [kind, t] of rows) {
        process.stdout.write(
          `  ${kind.padEnd(14)} ${String(t.n).padStart(3)} ${pct(share(t.found, t.n))} ${pct(share(t.keep3, t.n))} ${share(t.overlap, t.n).toFixed(2).padStart(8)}\n`,
        );
      }
      for (const m of misses) process.stdout.write(`  top 3 not kept: ${m}\n`);
      const figures = (t: Tally) => ({
        n: t.n,
        found: share(t.found, t.n),
        keep3: share(t.keep3, t.n),
        overlap: share(t.overlap, t.n),
      });
      const kinds = Object.fromEntries([...byKind].map(([k, t]) => [k, figures(t)]));
      const overall = figures(all);
      return {
        benchmark: 'relevance',
        jobs: Number(values.jobs),
        overall,
        kinds,
        misses,
        withinTargets:
          overall.found >= TARGETS.found &&
          overall.keep3 >= TARGETS.keep3 &&
          overall.overlap >= TARGETS.overlap &&
          Object.values(kinds).every((k) => k.keep3 >= TARGETS.keep3PerKind),
      };
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
