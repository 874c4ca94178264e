/**
 * Erasure leaves no trace on the embedded database (decision 0071): after the queue erases a
 * seeker, no file of the data folder (table and index files, statistics, write-ahead log,
 * uploads, the mail and SMS outbox) holds their email, mobile, name or resume text, and no
 * upload folder is named by their id; another seeker's data stays. The test first finds every
 * one of them in the folder, so it can fail.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStorage } from '~/server/adapters/storage';
import { writeOutbox } from '~/server/adapters/outbox';
import { resetConfig } from '~/server/config';
import { createDb } from '~/server/db/client';
import * as s from '~/server/db/schema';
import { deleteAccount, eraseDueAccounts } from '~/server/privacy/closing';
import { person, seedJobs } from './accounts-helpers';
import { PLACE, seekerWithData } from './personal-data';

const saved = process.env.DATA_DIR;
const dataDir = mkdtempSync(path.join(tmpdir(), 'jp-erasure-files-'));

afterAll(() => {
  if (saved === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved;
  resetConfig();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under `dir` whose bytes hold one of the needles (compared in lower case). */
function filesHolding(dir: string, needles: string[]): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        const text = readFileSync(file).toString('latin1').toLowerCase();
        for (const needle of needles) {
          if (text.includes(needle.toLowerCase()))
            found.push(`${path.relative(dir, file)}: ${needle}`);
        }
      }
    }
  };
  walk(dir);
  return found;
}

describe('erasing an account on the embedded database', () => {
  it('leaves no file of the data folder holding the seeker', { timeout: 180_000 }, async () => {
    process.env.DATA_DIR = dataDir;
    resetConfig();
    const handle = await createDb({ dataDir });
    const db = handle.db;
    const storage = diskStorage(path.join(dataDir, 'uploads'));
    const seeker = person(1, {
      name: 'Zorblat Quimbyfeather',
      email: 'zorblat.quimbyfeather@example.com',
      mobile: '9812734561',
    });
    const resumeText = 'Plimsollvane certified turbine whisperer';
    try {
      const ids = await seedJobs(db);
      const me = await seekerWithData(db, 1, ids.open, storage, 2000, seeker);
      const other = await seekerWithData(db, 2, ids.open.slice(2), storage);
      await db
        .update(s.resumes)
        .set({ parsed: { name: seeker.name, summary: resumeText } as never })
        .where(eq(s.resumes.ownerUserId, me.user.id));
      await storage.put(
        `users/${me.user.id}/resumes/text.txt`,
        new TextEncoder().encode(resumeText),
      );
      await writeOutbox('mail', { to: seeker.email, subject: `Welcome, ${seeker.name}` });
      await writeOutbox('sms', { to: `+91${seeker.mobile}`, text: 'Your code is 123456' });
      await writeOutbox('mail', { to: 'someone.else@example.com', subject: 'Hello' });

      const markers = [seeker.email, seeker.mobile, seeker.name, resumeText];
      const before = filesHolding(dataDir, markers);
      for (const marker of markers) expect(before.join('\n')).toContain(marker);

      const now = new Date();
      await deleteAccount(me.user.id, { password: seeker.password }, PLACE, { db, now, storage });
      const later = new Date(now.getTime() + 15 * 86_400_000);
      expect(await eraseDueAccounts(db, { storage, now: later })).toBe(1);

      // The other seeker and the other mail are still there.
      const kept = await db.select().from(s.users).where(eq(s.users.id, other.user.id));
      expect(kept).toHaveLength(1);
      expect(filesHolding(path.join(dataDir, 'outbox'), ['someone.else@example.com'])).toHaveLength(
        1,
      );
    } finally {
      await handle.close();
    }
    expect(filesHolding(dataDir, [seeker.email, seeker.mobile, seeker.name, resumeText])).toEqual(
      [],
    );
    expect(existsSync(path.join(dataDir, 'uploads', 'users'))).toBe(true);
    expect(readdirSync(path.join(dataDir, 'uploads', 'users'))).toHaveLength(1);
  });
});
