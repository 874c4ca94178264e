/**
 * The embedded default of the mail and SMS adapters: every message is written as one JSON file
 * to DATA_DIR/outbox/<kind>/, named so that `ls` lists them oldest first. Nothing leaves the
 * machine. A developer reads them with e.g.
 *
 *   ls data/outbox/sms && cat data/outbox/sms/$(ls data/outbox/sms | tail -1)
 *
 * or `readOutbox('sms')` from code (the e2e tests read OTPs this way).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '~/server/config';

export type OutboxKind = 'sms' | 'mail';

export function outboxDir(kind: OutboxKind, dataDir: string = config.DATA_DIR): string {
  return path.join(dataDir, 'outbox', kind);
}

/** Writes one message; returns its id (also the file name without .json). */
export async function writeOutbox(
  kind: OutboxKind,
  message: Record<string, unknown>,
  dataDir?: string,
): Promise<string> {
  const dir = outboxDir(kind, dataDir);
  await mkdir(dir, { recursive: true });
  const now = new Date();
  const id = `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const body = { id, kind, createdAt: now.toISOString(), ...message };
  await writeFile(path.join(dir, `${id}.json`), `${JSON.stringify(body, null, 2)}\n`, {
    mode: 0o600,
  });
  return id;
}

/** Every message of a kind, oldest first. */
export async function readOutbox<T = Record<string, unknown>>(
  kind: OutboxKind,
  dataDir?: string,
): Promise<(T & { id: string; createdAt: string })[]> {
  const dir = outboxDir(kind, dataDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out = [];
  for (const file of files) {
    try {
      out.push(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
    } catch {
      // a file being written right now: skip it
    }
  }
  return out;
}

/**
 * Deletes every message of the outbox that mentions one of `needles` (an erased seeker's address
 * and number, case-insensitive): the outbox stands in for mail and SMS already sent, and an
 * erased account leaves nothing in DATA_DIR. Returns how many went.
 */
export async function forgetOutboxMessages(needles: string[], dataDir?: string): Promise<number> {
  const wanted = needles.filter((needle) => needle.length >= 5).map((n) => n.toLowerCase());
  if (wanted.length === 0) return 0;
  let removed = 0;
  for (const kind of ['mail', 'sms'] as const) {
    const dir = outboxDir(kind, dataDir);
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8').catch(() => '');
      if (!wanted.some((needle) => text.toLowerCase().includes(needle))) continue;
      await rm(path.join(dir, file), { force: true });
      removed += 1;
    }
  }
  return removed;
}
