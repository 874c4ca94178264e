/**
 * Backups of the embedded database (decision 0070): one .tar.gz holding DATA_DIR as of a commit
 * (the database files, the signing keys, the mail outbox) and the uploaded files.
 *
 * A backup is staged in DATA_DIR/.backup-<id>, then packed with node-tar and removed:
 * - beside a running server, the database files are a copy the server's database thread makes
 *   between two transactions, after a CHECKPOINT (`DbHandle.snapshot`); the backup script asks
 *   for it over the server's control socket (control.ts);
 * - with no server, the backup script holds DATA_DIR's lock and links the files as they are.
 * Everything else (uploads, outbox, keys) is hard-linked: they are written once under a new name
 * and renamed into place, so a link keeps the file as it was. A file uploaded while the backup
 * runs may be in it without its row; a row in it always has its file.
 *
 * Restoring extracts into an empty DATA_DIR (and UPLOADS_DIR, when it lies elsewhere); PGlite
 * then starts on it as after a crash at that commit.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import * as tar from 'tar';
import { LOCK_DIR, OWNER_FILE } from '~/server/db/data-dir-lock';

/** What identifies our archives; a restore refuses anything else. */
export const BACKUP_FORMAT = 'jobharbor-backup-1';
const MANIFEST = 'backup.json';
const STAGING_PREFIX = '.backup-';
const CONTROL_SOCKET = 'control.sock';
/** Files of a running process, never part of a backup. */
const RUNTIME_ENTRIES = [LOCK_DIR, OWNER_FILE, CONTROL_SOCKET, 'postmaster.pid'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** How the database files were taken: through the running server, or with it stopped. */
  taken: 'from-running-server' | 'with-server-stopped';
  /** Whether uploads/ holds UPLOADS_DIR (set outside DATA_DIR); else they are in data/uploads. */
  separateUploads: boolean;
}

export interface BackupSources {
  dataDir: string;
  uploadsDir: string;
  /** Copies the database files as of a commit (the running server); else they are linked. */
  snapshot?: (target: string, skip: string[]) => Promise<void>;
}

/**
 * The path of the server's control socket for `dataDir`: inside it when the path fits a Unix
 * socket's address (about 100 bytes), else in the temporary folder under a name made from it.
 */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), CONTROL_SOCKET);
  if (Buffer.byteLength(inside) <= 100) return inside;
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `jobharbor-${id}.sock`);
}

const isInside = (dir: string, parent: string) => {
  const relative = path.relative(parent, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** A hard link of a file (a copy where links cannot be made); nothing if it went meanwhile. */
async function linkFile(source: string, target: string): Promise<void> {
  await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return;
    // Another file system (EXDEV), or one without hard links.
    await copyFile(source, target);
  });
}

/** Hard links of every file under `from` in `to`, but for the top-level names `skip` says. */
async function linkTree(from: string, to: string, skip: (name: string) => boolean = () => false) {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (skip(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) await linkFile(source, target);
  }
}

/** Stages a backup of `sources` and returns its folder (pack it, then remove it). */
export async function stageBackup(sources: BackupSources): Promise<string> {
  const dataDir = path.resolve(sources.dataDir);
  const uploadsDir = path.resolve(sources.uploadsDir);
  const staging = path.join(dataDir, `${STAGING_PREFIX}${randomUUID()}`);
  const data = path.join(staging, 'data');
  await mkdir(staging, { mode: 0o700 });
  try {
    const names = await readdir(dataDir);
    const runtime = (name: string) =>
      RUNTIME_ENTRIES.includes(name) || name.startsWith(STAGING_PREFIX);
    // Written by the application, not the database: linked, not copied, in either case.
    const appEntries = names.filter(
      (name) => name === 'uploads' || name === 'outbox' || name.endsWith('-secret'),
    );
    if (sources.snapshot) {
      await sources.snapshot(data, [...names.filter(runtime), ...appEntries]);
      for (const name of appEntries) {
        const source = path.join(dataDir, name);
        if ((await stat(source)).isDirectory()) await linkTree(source, path.join(data, name));
        else await linkFile(source, path.join(data, name));
      }
    } else {
      await linkTree(dataDir, data, runtime);
    }
    const separateUploads = !isInside(uploadsDir, dataDir);
    if (separateUploads) await linkTree(uploadsDir, path.join(staging, 'uploads'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      taken: sources.snapshot ? 'from-running-server' : 'with-server-stopped',
      separateUploads,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return staging;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The staged backup as a .tar.gz stream (the manifest first, so a restore checks it early). */
export function packBackup(staging: string): Readable {
  const entries = [MANIFEST, 'data'];
  if (existsSync(path.join(staging, 'uploads'))) entries.push('uploads');
  return tar.create({ gzip: true, cwd: staging, portable: true }, entries) as unknown as Readable;
}

export async function removeStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
}

/** Leftovers of backups cut short (a crash while packing), removed at start. */
export async function removeStaleStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(STAGING_PREFIX)) await rm(path.join(dataDir, name), { recursive: true });
  }
}

/** The manifest of a backup file, or an error saying why it is not one of ours. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text: string | undefined;
  await tar.list({
    file,
    filter: (entry) => entry === MANIFEST,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
    },
  });
  const manifest = text ? (JSON.parse(text) as BackupManifest) : undefined;
  if (manifest?.format !== BACKUP_FORMAT) {
    throw new Error(`${file} is not a backup made by \`npm run backup\``);
  }
  return manifest;
}

/** What is in the way of restoring into `dir`: its entries, beside our own lock. */
export async function entriesOf(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => !RUNTIME_ENTRIES.includes(name));
}

/** Extracts a backup file: its database and files into dataDir, separate uploads into uploadsDir. */
export async function extractBackup(
  file: string,
  target: { dataDir: string; uploadsDir: string },
): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  const extract = (prefix: string, cwd: string) =>
    tar.extract({
      file,
      cwd,
      strip: 1,
      filter: (entry) => entry.startsWith(`${prefix}/`),
    });
  await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
  await extract('data', target.dataDir);
  if (manifest.separateUploads) {
    await mkdir(target.uploadsDir, { recursive: true, mode: 0o700 });
    await extract('uploads', target.uploadsDir);
  }
  return manifest;
}

/** Bytes of a file (for the summary a command prints). */
export async function sizeOf(file: string): Promise<number> {
  return (await stat(file)).size;
}
