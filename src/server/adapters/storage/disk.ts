/**
 * The embedded storage: one file per key under a root folder, written to a temporary name and
 * renamed into place (so a reader never sees half a file), readable by the server's user only.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, ownerScope, type StorageAdapter } from './adapter';

export function diskStorage(root: string): StorageAdapter {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // Belt and braces: the key rule already keeps paths inside the root.
    if (!file.startsWith(base + path.sep)) throw new Error(`Storage key "${key}" leaves the root`);
    return file;
  };
  return {
    name: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomUUID()}.part`;
      try {
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deleteOwner(owner) {
      await rm(fileOf(ownerScope(owner)), { recursive: true, force: true });
    },
  };
}
