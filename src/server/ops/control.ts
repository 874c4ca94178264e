/**
 * The server's control socket (decision 0070): a Unix socket beside the embedded database
 * (controlSocketPath), readable by the server's own user only, through which operator commands
 * reach the one process allowed to open DATA_DIR. Only HTTP over that socket, never the site's
 * port. One command today:
 *
 *   POST /backup   answers a .tar.gz of DATA_DIR as of a commit (backup.ts); 409 while another
 *                  backup runs.
 */
import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { DbHandle } from '~/server/db/client';
import { log } from './logger';
import { controlSocketPath, packBackup, removeStaging, stageBackup } from './backup';

export interface ControlServer {
  close(): Promise<void>;
}

/** Listens on the control socket of `dataDir` for the embedded database of `handle`. */
export async function startControlServer(
  handle: DbHandle,
  dirs: { dataDir: string; uploadsDir: string },
): Promise<ControlServer | undefined> {
  const snapshot = handle.snapshot;
  if (!snapshot) return undefined;
  const socket = controlSocketPath(dirs.dataDir);
  let backupRunning = false;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown command\n');
      return;
    }
    if (backupRunning) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end('a backup is already running\n');
      return;
    }
    backupRunning = true;
    const started = Date.now();
    void (async () => {
      let staging: string | undefined;
      try {
        let heldMs = 0;
        staging = await stageBackup({
          ...dirs,
          snapshot: async (target, skip) => {
            const copying = Date.now();
            await snapshot(target, skip);
            heldMs = Date.now() - copying;
          },
        });
        res.writeHead(200, { 'content-type': 'application/gzip' });
        await pipeline(packBackup(staging), res);
        // heldMs: how long queries waited for the copy of the database files.
        log.info({ ms: Date.now() - started, heldMs }, 'backup sent');
      } catch (error) {
        log.error({ err: error }, 'backup failed');
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`backup failed: ${(error as Error).message}\n`);
        } else res.destroy(error as Error);
      } finally {
        if (staging) await removeStaging(staging).catch(() => {});
        backupRunning = false;
      }
    })();
  });
  // A socket left by a process that died would refuse the bind: we hold DATA_DIR's lock, so it
  // is not another server's.
  await rm(socket, { force: true });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(socket, () => done());
  });
  await chmod(socket, 0o600);
  return {
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await rm(socket, { force: true });
    },
  };
}
