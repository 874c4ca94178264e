/**
 * Job import from JSON Lines of schema.org JobPosting objects (one per line).
 *
 * Each line is validated on its own: a broken line (bad JSON, no title, no description, no or
 * unknown country...) is reported with its line number and skipped; the others are upserted by
 * external id, so importing the same file again updates the jobs instead of duplicating them.
 * Lines are committed in batches, each in one transaction: a killed import leaves whole batches
 * behind, and running it again completes it.
 *
 * External id: identifier.value, else a plain identifier, else url; a line with none of them gets
 * a hash of its title, employer, country and posting date, which is stable across re-imports.
 */
import { announceJobChanges } from '~/server/page-cache/announce';
import { constants, createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, type NewJob } from '~/server/db/schema-jobs';
import { parseJobLine, type ImportedJob } from './import-posting';

export { countryCode, siteContextForCountry } from './import-countries';
export {
  JobPostingSchema,
  htmlToText,
  parseJobLine,
  type ImportedJob,
  type JobPosting,
} from './import-posting';

// ---------------------------------------------------------------------------------------------
// Writing batches

export interface LineError {
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Lines read, blank lines excluded. */
  lines: number;
  imported: number;
  updated: number;
  skipped: number;
  /** The first 1000 skipped lines (all of them go to onError). */
  errors: LineError[];
}

export interface ImportOptions {
  /** Lines per transaction (default 500). */
  batchSize?: number;
  /** "Now" for default posting dates and expiry (default: the current time). */
  now?: Date;
  onError?: (error: LineError) => void;
  /** Called after each batch commits; throwing here stops the import (tests use it). */
  onBatch?: (info: {
    batch: number;
    firstLine: number;
    lastLine: number;
    summary: ImportSummary;
  }) => void | Promise<void>;
}

/** Every insertable jobs column but the upsert key and created_at: `col = excluded.col`. */
const jobUpdateSet: Record<string, SQL> = Object.fromEntries(
  Object.entries(getTableColumns(jobs))
    .filter(
      ([key, c]) =>
        !c.generated && !c.generatedIdentity && key !== 'externalId' && key !== 'createdAt',
    )
    .map(([key, c]) => [key, key === 'updatedAt' ? sql`now()` : sql.raw(`excluded.${c.name}`)]),
);

async function writeBatch(db: Db, batch: { line: number; parsed: ImportedJob }[]) {
  // A later line with the same external id wins over an earlier one in the same batch
  // (one INSERT ... ON CONFLICT can't touch a row twice).
  const byId = new Map<string, ImportedJob>();
  for (const { parsed } of batch) byId.set(parsed.job.externalId as string, parsed);
  const unique = [...byId.values()];
  const overwritten = batch.length - unique.length;

  return db.transaction(async (tx) => {
    const companyRows = new Map<string, ImportedJob['company']>();
    for (const { company } of unique)
      companyRows.set(`${company.siteContext}|${company.slug}`, company);
    const ids = await tx
      .insert(companies)
      .values([...companyRows.values()])
      .onConflictDoUpdate({
        target: [companies.siteContext, companies.slug],
        set: {
          logoUrl: sql`coalesce(excluded.logo_url, ${companies.logoUrl})`,
          websiteUrl: sql`coalesce(excluded.website_url, ${companies.websiteUrl})`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: companies.id, slug: companies.slug, siteContext: companies.siteContext });
    const companyId = new Map(ids.map((r) => [`${r.siteContext}|${r.slug}`, r.id]));

    const rows: NewJob[] = unique.map(({ job, company }) => ({
      ...job,
      companyId: companyId.get(`${company.siteContext}|${company.slug}`) as number,
    }));
    const result = await tx
      .insert(jobs)
      .values(rows)
      .onConflictDoUpdate({ target: jobs.externalId, set: jobUpdateSet })
      // xmax is 0 for a freshly inserted row and set for one ON CONFLICT updated.
      .returning({
        id: jobs.id,
        siteContext: jobs.siteContext,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    // Cached pages showing these jobs are dropped when this transaction commits.
    await announceJobChanges(tx, result);
    const imported = result.filter((r) => r.inserted).length;
    return { imported, updated: result.length - imported + overwritten };
  });
}

/** Imports JobPosting lines (any iterable of strings: a file's lines, an array in tests). */
export async function importJobLines(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const now = options.now ?? new Date();
  const summary: ImportSummary = { lines: 0, imported: 0, updated: 0, skipped: 0, errors: [] };
  await ensureCountries(db);

  let batch: { line: number; parsed: ImportedJob }[] = [];
  let batchNumber = 0;
  let firstLine = 1;
  let lineNumber = 0;
  const flush = async () => {
    if (batch.length > 0) {
      const counts = await writeBatch(db, batch);
      summary.imported += counts.imported;
      summary.updated += counts.updated;
    }
    batchNumber++;
    await options.onBatch?.({ batch: batchNumber, firstLine, lastLine: lineNumber, summary });
    batch = [];
    firstLine = lineNumber + 1;
  };

  let sinceFlush = 0;
  for await (const raw of lines) {
    lineNumber++;
    const line = raw.trim();
    if (line === '') continue;
    summary.lines++;
    sinceFlush++;
    const parsed = parseJobLine(line, now);
    if ('error' in parsed) {
      summary.skipped++;
      const error = { line: lineNumber, reason: parsed.error };
      if (summary.errors.length < 1000) summary.errors.push(error);
      options.onError?.(error);
    } else {
      batch.push({ line: lineNumber, parsed });
    }
    if (sinceFlush >= batchSize) {
      await flush();
      sinceFlush = 0;
    }
  }
  if (sinceFlush > 0) await flush();
  return summary;
}

/**
 * Lines of a file. The readline interface is created on the first next(), not before: lines it
 * emits before someone iterates over it are lost (the importer first awaits the database).
 */
async function* fileLines(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  const reader = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of reader) yield line;
  } finally {
    reader.close();
    stream.destroy();
  }
}

/** Imports a JSON Lines file. */
export async function importJobsFile(
  db: Db,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  await access(file, constants.R_OK); // fail with ENOENT/EACCES before touching the database
  return importJobLines(db, fileLines(file), options);
}
