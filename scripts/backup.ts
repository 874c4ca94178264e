/**
 * A backup of the embedded database and the uploaded files into one .tar.gz (decision 0070):
 *
 *   npm run backup -- FILE
 *
 * While the server runs, through it (its control socket): the database as of a commit, taken
 * between two transactions, while it keeps serving. With no server, from DATA_DIR under its lock.
 * The file holds personal data and the signing keys: keep it as safe as the server.
 * On PostgreSQL (DATABASE_URL) use pg_dump or pg_basebackup (docs/operations.md).
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { uploadsDir } from '~/server/adapters/storage';
import { config } from '~/server/config';
import { lockDataDir, readLockOwner } from '~/server/db/data-dir-lock';
import {
  controlSocketPath,
  packBackup,
  removeStaging,
  sizeOf,
  stageBackup,
} from '~/server/ops/backup';

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run backup -- FILE\n`);
  process.exit(2);
}

/** Asks the running server for a backup; false when no server listens on the control socket. */
function throughServer(socketPath: string, file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'POST' }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => reject(new Error(`the server refused: ${text.trim()}`)));
        return;
      }
      pipeline(res, createWriteStream(file, { mode: 0o600 })).then(() => resolve(true), reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    req.end();
  });
}

/** No server: the files as they are, under DATA_DIR's lock. */
async function directly(file: string): Promise<void> {
  const lock = await lockDataDir(path.resolve(config.DATA_DIR));
  try {
    const staging = await stageBackup({ dataDir: config.DATA_DIR, uploadsDir: uploadsDir() });
    try {
      await pipeline(packBackup(staging), createWriteStream(file, { mode: 0o600 }));
    } finally {
      await removeStaging(staging);
    }
  } finally {
    await lock.release();
  }
}

async function main() {
  let positionals: string[];
  try {
    positionals = parseArgs({ allowPositionals: true, options: {} }).positionals;
  } catch (error) {
    usage((error as Error).message);
  }
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0) usage('Give exactly one file to write the backup to.');
  if (config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (a logical copy) or pg_basebackup ' +
        'with WAL archiving (a copy to any point in time); see docs/operations.md. Uploaded ' +
        `files are in ${uploadsDir()}.`,
    );
  }
  const file = path.resolve(target);
  const partial = `${file}.partial`;
  const started = Date.now();
  const owner = readLockOwner(path.resolve(config.DATA_DIR));
  let how: string;
  try {
    if (await throughServer(controlSocketPath(config.DATA_DIR), partial)) {
      how = `through the running server${owner ? ` (pid ${owner.pid})` : ''}`;
    } else {
      await directly(partial);
      how = 'with no server running';
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const megabytes = ((await sizeOf(file)) / 1024 / 1024).toFixed(1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Backed up ${path.resolve(config.DATA_DIR)} to ${file} (${megabytes} MB) ${how} in ${seconds}s\n`,
  );
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Backup failed: ${message}\n`);
  process.exitCode = 1;
});
