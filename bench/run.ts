/**
 * Runs the benchmarks: `npm run bench` (all of them) or `npm run bench -- search` (by name;
 * `scale`, `pages`, `lighthouse`, `dropzone`, `inp`, `stall` and `restart` need `npm run build` first).
 * Options go to each benchmark, e.g. `npm run bench -- search --jobs 20000 --backends pglite`.
 * Each writes its figures to bench/results/<name>-<timestamp>.json and <name>-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropZoneBenchmark } from './drop-zone';
import { firstInteractionBenchmark } from './first-interaction';
import { lighthouseBenchmark } from './lighthouse';
import { pagesBenchmark } from './pages';
import { parseBenchmark } from './parse';
import { relevanceBenchmark } from './relevance';
import { restartBenchmark } from './restart';
import { scaleBenchmark } from './scale';
import { alertsBenchmark } from './alerts';
import { searchBenchmark } from './search';
import { stallBenchmark } from './stall';
import { topologyBenchmark } from './topology';
import { cpuBenchmark } from './cpu';

export interface Benchmark {
  name: string;
  /** Runs with the command-line options after the names; returns the figures to save. */
  run(args: string[]): Promise<unknown>;
}

const BENCHMARKS: Benchmark[] = [
  searchBenchmark,
  relevanceBenchmark,
  parseBenchmark,
  scaleBenchmark,
  alertsBenchmark,
  pagesBenchmark,
  lighthouseBenchmark,
  dropZoneBenchmark,
  stallBenchmark,
  topologyBenchmark,
  cpuBenchmark,
  firstInteractionBenchmark,
  restartBenchmark,
];

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

async function main() {
  const argv = process.argv.slice(2);
  const names = argv.filter((a, i) => !a.startsWith('-') && !(argv[i - 1] ?? '').startsWith('--'));
  const options = argv.filter((a) => !names.includes(a));
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown benchmark: ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const bench of selected) {
    process.stdout.write(`\n== ${bench.name} ==\n`);
    const figures = await bench.run(options);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const json = `${JSON.stringify(figures, null, 2)}\n`;
    const file = path.join(RESULTS_DIR, `${bench.name}-${stamp}.json`);
    writeFileSync(file, json);
    writeFileSync(path.join(RESULTS_DIR, `${bench.name}-latest.json`), json);
    process.stdout.write(`\nwritten: ${path.relative(process.cwd(), file)}\n`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
