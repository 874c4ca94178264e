/** The storage interface and its owner-scoped keys (see index.ts). */
export interface StorageAdapter {
  /** 'disk', or the name of another implementation. */
  readonly name: string;
  /** Stores the bytes under the key, replacing what was there; atomic for readers. */
  put(key: string, bytes: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Removes the key; nothing happens when it does not exist. */
  delete(key: string): Promise<void>;
  /** Removes everything of the owner, folders included (an erased account leaves no name). */
  deleteOwner(owner: StorageOwner): Promise<void>;
}

/** Whose a stored object is: a logged-in user, or a guest known by a token hash. */
export type StorageOwner = { userId: string } | { guestTokenHash: string };

/** Lower-case letters, digits and - _ . in /-separated segments; no empty, '.' or '..' segment. */
const KEY_RE = /^(?:[a-z0-9][a-z0-9_.-]*)(?:\/[a-z0-9][a-z0-9_.-]*)*$/;

export function isValidKey(key: string): boolean {
  return (
    key.length <= 512 && KEY_RE.test(key) && !key.split('/').some((s) => s === '..' || s === '.')
  );
}

/** Throws for a key that could escape its folder or is not one `ownerKey` would build. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key "${key}"`);
}

/** The key prefix of everything an owner has: users/<id> or guests/<token hash prefix>. */
export function ownerScope(owner: StorageOwner): string {
  const scope =
    'userId' in owner
      ? `users/${owner.userId.toLowerCase()}`
      : `guests/${owner.guestTokenHash.toLowerCase().slice(0, 32)}`;
  assertValidKey(scope);
  return scope;
}

/** An owner-scoped key: users/<id>/<domain>/<name> or guests/<token hash prefix>/<domain>/<name>. */
export function ownerKey(owner: StorageOwner, domain: string, name: string): string {
  const key = `${ownerScope(owner)}/${domain}/${name.toLowerCase()}`;
  assertValidKey(key);
  return key;
}
