/**
 * Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB, 2 passes, 1 lane: the OWASP
 * recommendation). Hashes are PHC strings, so parameters can be raised later and old hashes still
 * verify; `needsRehash` tells when to upgrade a hash after a successful login.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the hash was made with other parameters than today's. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(
    `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`,
  );
}

// A real hash of a random password: verifying against it takes as long as a real check, so a
// login for an unknown account is not faster than one with a wrong password.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(`${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummy, password);
}
