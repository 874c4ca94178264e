/**
 * Object storage for uploaded files (resumes). One interface; the embedded default keeps files on
 * disk under UPLOADS_DIR (default DATA_DIR/uploads), where a developer can look at them.
 *
 * Keys are owner-scoped paths built by `ownerKey`: `users/<user id>/<domain>/<id>.<ext>` or
 * `guests/<hash of the guest token>/<domain>/<id>.<ext>`. The adapter only stores bytes; who may
 * read a key is decided by the domain service from its own table (resumes.storage_key), never
 * from the key.
 *
 * No S3-compatible implementation yet: it would need a request signer (SigV4) that could only be
 * tested against a real bucket, which this project cannot reach. The interface is what one would
 * implement (put/get/delete by key).
 */
import path from 'node:path';
import { config } from '~/server/config';
import type { StorageAdapter } from './adapter';
import { diskStorage } from './disk';

export * from './adapter';

let override: StorageAdapter | undefined;
let disk: StorageAdapter | undefined;

/** Tests swap the adapter; `undefined` restores the configured one. */
export function setStorage(adapter: StorageAdapter | undefined): void {
  override = adapter;
}

/** Root folder of the disk storage: UPLOADS_DIR, else DATA_DIR/uploads. */
export function uploadsDir(): string {
  return config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads');
}

/** The configured storage: the disk under uploadsDir(). */
export function getStorage(): StorageAdapter {
  if (override) return override;
  disk ??= diskStorage(uploadsDir());
  return disk;
}

export { diskStorage };
