/**
 * Restores a backup made by `npm run backup` into an empty DATA_DIR (decision 0070):
 *
 *   npm run restore -- FILE
 *
 * Refuses a DATA_DIR (or UPLOADS_DIR) that holds anything, so nothing is overwritten; then opens
 * the restored database once (it starts as after a crash at the backup's commit) and says what is
 * in it. Start the server on it as usual. On PostgreSQL use pg_restore or psql (docs/operations.md).
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { uploadsDir } from '~/server/adapters/storage';
import { config } from '~/server/config';
import { createDb, queryRows } from '~/server/db/client';
import { lockDataDir } from '~/server/db/data-dir-lock';
import { entriesOf, extractBackup, readManifest } from '~/server/ops/backup';

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run restore -- FILE\n`);
  process.exit(2);
}

async function refuseUnlessEmpty(dir: string, what: string): Promise<void> {
  const found = await entriesOf(dir);
  if (found.length === 0) return;
  const shown = found.slice(0, 5).join(', ') + (found.length > 5 ? ', ...' : '');
  throw new Error(
    `${what} ${dir} is not empty (${shown}). A restore never overwrites: move it aside or set ` +
      `${what} to a new folder, then run this again.`,
  );
}

async function main() {
  let positionals: string[];
  try {
    positionals = parseArgs({ allowPositionals: true, options: {} }).positionals;
  } catch (error) {
    usage((error as Error).message);
  }
  const [source, ...extra] = positionals;
  if (!source || extra.length > 0) usage('Give exactly one backup file to restore.');
  if (config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore or psql from a pg_dump, or from ' +
        'a pg_basebackup and its WAL archive (docs/operations.md).',
    );
  }
  const file = path.resolve(source);
  await access(file).catch(() => {
    throw new Error(`cannot read ${file}`);
  });
  const dataDir = path.resolve(config.DATA_DIR);
  const uploads = path.resolve(uploadsDir());
  const manifest = await readManifest(file);
  await refuseUnlessEmpty(dataDir, 'DATA_DIR');
  if (manifest.separateUploads) await refuseUnlessEmpty(uploads, 'UPLOADS_DIR');

  const started = Date.now();
  // Nothing may open the folder while it is being filled.
  const lock = await lockDataDir(dataDir);
  try {
    await extractBackup(file, { dataDir, uploadsDir: uploads });
  } finally {
    await lock.release();
  }
  // Opened once: the database recovers to the backup's commit and is brought up to date.
  const handle = await createDb({ dataDir });
  try {
    const [counts] = await queryRows<{ jobs: number; seekers: number; orders: number }>(
      handle.db,
      sql`select (select count(*) from jobs)::int as jobs, (select count(*) from users)::int as seekers,
                 (select count(*) from orders)::int as orders`,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Restored ${file} (taken ${manifest.createdAt}) into ${dataDir} in ${seconds}s: ` +
        `${counts?.jobs} jobs, ${counts?.seekers} seekers, ${counts?.orders} orders. ` +
        'Start the server with `npm start`.\n',
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
