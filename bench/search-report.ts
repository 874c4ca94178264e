/** The search benchmark's report on the console (bench/search.ts). */
import { TARGET_SPEEDUP, type BackendFigures, type Stats } from './search-measure';

export function print(f: BackendFigures) {
  if (f.skipped) {
    process.stdout.write(`${f.backend}: skipped (${f.skipped})\n`);
    return;
  }
  const line = (name: string, s: Stats | undefined) =>
    s
      ? `  ${name.padEnd(10)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms  mean ${s.mean.toFixed(2).padStart(7)} ms  max ${s.max.toFixed(2).padStart(7)} ms\n`
      : '';
  process.stdout.write(`${f.backend} (seeded in ${f.seedSeconds} s)\n`);
  process.stdout.write(line('searchJobs', f.searchJobs));
  process.stdout.write(line('baseline', f.baseline));
  if (f.baseline)
    process.stdout.write(
      `  p95 speed-up ${f.speedupP95}x: target ${TARGET_SPEEDUP}x ${f.targetMet ? 'MET' : 'NOT MET'}\n`,
    );
  else if (f.checks?.baseline === 'none')
    process.stdout.write('  no baseline and no checks (--baseline none)\n');
  else
    process.stdout.write(
      '  baseline not timed (--baseline checks): its statements ran for the checks only\n',
    );
  if (f.checks && f.checks.baseline !== 'none')
    process.stdout.write(
      `  checks took ${f.checks.seconds} s; ${f.checks.timedOut} statements over ${f.checks.timeoutMs ?? '-'} ms` +
        (f.checks.referenceSkipped !== undefined
          ? `; reference ranking skipped for ${f.checks.referenceSkipped} queries with over ${f.checks.referenceMaxMatches} matches`
          : '') +
        '\n',
    );
  if (f.relevance)
    process.stdout.write(
      `  exact title first: ${f.relevance.exactTitleFirst}/${f.relevance.exactTitleQueries} title queries\n`,
    );
  if (f.consistency)
    process.stdout.write(
      `  totals equal to the baseline's match count: ${f.consistency.checked - f.consistency.mismatches.length}/${f.consistency.checked} (${f.estimatedTotals} estimated totals not compared)\n`,
    );
  for (const m of f.consistency?.mismatches ?? []) process.stdout.write(`    mismatch: ${m}\n`);
  if (f.estimateError)
    process.stdout.write(
      `  estimated totals off by: median ${f.estimateError.medianPercent}%, p90 ${f.estimateError.p90Percent}%, max ${f.estimateError.maxPercent}% (${f.estimateError.worst})\n`,
    );
  if (f.order)
    process.stdout.write(
      `  pages equal to a reference ranking of every match: ${f.order.checked - f.order.mismatches.length}/${f.order.checked}\n`,
    );
  for (const m of f.order?.mismatches ?? []) process.stdout.write(`    order mismatch: ${m}\n`);
  process.stdout.write('  slowest searchJobs queries:\n');
  for (const s of (f.slowest ?? []).slice(0, 5))
    process.stdout.write(
      `    ${s.searchJobsMs} ms${f.baseline ? ` (baseline ${s.baselineMs} ms)` : ''}  ${s.query}\n`,
    );
}
