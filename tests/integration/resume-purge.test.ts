import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage, setStorage, type StorageAdapter } from '~/server/adapters/storage';
import { ensureCountries } from '~/server/db/countries';
import { resumes, users } from '~/server/db/schema';
import { purgeUnclaimedGuestResumes } from '~/server/resumes/purge';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe.each(backends)('purging unclaimed guest resumes on %s', (backend) => {
  const t = useFreshDb(backend);
  let root: string;
  let storage: StorageAdapter;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'resume-purge-'));
    storage = diskStorage(root);
    setStorage(storage);
  });
  afterEach(() => {
    setStorage(undefined);
    rmSync(root, { recursive: true, force: true });
  });

  async function upload(key: string, createdAt: Date, owner: { guest?: string; userId?: string }) {
    await storage.put(key, new TextEncoder().encode(`resume ${key}`));
    await t.db.insert(resumes).values({
      ownerUserId: owner.userId ?? null,
      guestTokenHash: owner.guest ?? null,
      storageKey: key,
      fileName: 'resume.txt',
      mime: 'text/plain',
      size: 10,
      format: 'txt',
      parseStatus: 'empty',
      createdAt,
    });
  }

  it("removes a guest's uploads once their last one is older than the cookie, files included", async () => {
    await ensureCountries(t.db);
    const [user] = await t.db
      .insert(users)
      .values({ email: 'claimed@example.com', siteContext: 'rexmonster' })
      .returning();
    await upload('guests/aaaa/resumes/gone-1.txt', daysAgo(45), { guest: 'a'.repeat(64) });
    await upload('guests/aaaa/resumes/gone-2.txt', daysAgo(31), { guest: 'a'.repeat(64) });
    // Still reachable: this guest uploaded again 5 days ago, which renewed the cookie.
    await upload('guests/bbbb/resumes/old.txt', daysAgo(40), { guest: 'b'.repeat(64) });
    await upload('guests/bbbb/resumes/new.txt', daysAgo(5), { guest: 'b'.repeat(64) });
    // Claimed by a user at registration: theirs, however old.
    await upload(`users/${user!.id}/resumes/mine.txt`, daysAgo(400), { userId: user!.id });

    expect(await purgeUnclaimedGuestResumes(t.db, NOW)).toBe(2);

    const left = await t.db
      .select({ key: resumes.storageKey })
      .from(resumes)
      .orderBy(asc(resumes.storageKey));
    expect(left.map((r) => r.key)).toEqual([
      'guests/bbbb/resumes/new.txt',
      'guests/bbbb/resumes/old.txt',
      `users/${user!.id}/resumes/mine.txt`,
    ]);
    expect(await storage.get('guests/aaaa/resumes/gone-1.txt')).toBeNull();
    expect(await storage.get('guests/aaaa/resumes/gone-2.txt')).toBeNull();
    expect(await storage.get('guests/bbbb/resumes/old.txt')).not.toBeNull();
    expect(await storage.get(`users/${user!.id}/resumes/mine.txt`)).not.toBeNull();

    // Nothing more to do.
    expect(await purgeUnclaimedGuestResumes(t.db, NOW)).toBe(0);
  });
});
