/**
 * Imports jobs from a JSON Lines file of schema.org JobPosting objects.
 *
 *   npm run import -- jobs.jsonl [--batch 500]
 *
 * Works on a fresh data directory (the database is migrated first). Broken lines are reported on
 * stderr with their line number and skipped; the exit code is non-zero only when the import
 * itself fails (file not found, database error), not for skipped lines. Safe to re-run: jobs are
 * upserted by external id, and each batch of lines is committed in its own transaction.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { closeDb, getDbHandle } from '~/server/db/client';
import { importJobsFile } from '~/server/jobs/import';

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run import -- FILE.jsonl [--batch N]\n`);
  process.exit(2);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { batch: { type: 'string' } } });
  } catch (err) {
    usage((err as Error).message);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) usage('Give exactly one file to import.');
  const batch = parsed.values.batch;
  if (batch !== undefined && !/^[1-9]\d*$/.test(batch))
    usage('--batch must be a positive whole number');

  try {
    await access(file, constants.R_OK); // fail fast, before opening the database
  } catch {
    throw new Error(`cannot read ${file}`);
  }

  const started = Date.now();
  const handle = await getDbHandle();
  const summary = await importJobsFile(handle.db, file, {
    batchSize: batch ? Number(batch) : 500,
    onError: ({ line, reason }) => process.stderr.write(`line ${line}: skipped: ${reason}\n`),
    onBatch: ({ firstLine, lastLine, summary: s }) => {
      process.stderr.write(
        `committed lines ${firstLine}-${lastLine} (${s.imported} imported, ${s.updated} updated, ${s.skipped} skipped so far)\n`,
      );
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Imported ${summary.imported}, updated ${summary.updated}, skipped ${summary.skipped} of ${summary.lines} lines from ${file} in ${seconds}s (${handle.driver})\n`,
  );
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`Import failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
