/**
 * "Save to my profile" of the resume builder on both databases: the PDF becomes one of the
 * seeker's resumes (stored file, parsed row) and the default profile's resume, so the profile
 * score counts it; a second save replaces the choice with the newer one; a resume the seeker
 * picked earlier stays in the list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResumeDraftSchema } from '~/lib/validation/builder';
import { diskStorage, type StorageAdapter } from '~/server/adapters/storage';
import { registerUser } from '~/server/accounts/users';
import { saveDraftToProfile } from '~/server/builder/service';
import { ensureCountries } from '~/server/db/countries';
import { getProfile, scoreOf } from '~/server/profiles/service';
import { listUserResumes, readOwnedResume } from '~/server/resumes/service';
import { backends, useFreshDb } from './db';

const labels = {
  summary: 'Summary',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  present: 'Present',
};
const draft = v.parse(ResumeDraftSchema, {
  name: 'Priya Nair',
  email: 'priya.nair@example.com',
  phone: '9812345678',
  headline: 'Data Analyst',
  skills: 'SQL, Python, Tableau',
  jobs: [
    {
      designation: 'Data Analyst',
      company: 'Globex',
      startDate: '2022-01-10',
      isCurrent: 'on',
    },
  ],
});

describe.each(backends)('resume builder save to profile (%s)', (backend) => {
  const t = useFreshDb(backend);
  let root: string;
  let storage: StorageAdapter;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'jp-builder-'));
    storage = diskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  async function seeker() {
    await ensureCountries(t.db);
    return registerUser(
      {
        careerStage: 'professional',
        name: 'Priya Nair',
        email: 'priya.nair@example.com',
        password: 'secret1pass',
        isdCode: '91',
        mobile: '9812345678',
        siteContext: 'rexmonster',
      },
      { db: t.db },
    );
  }

  it('stores the PDF as the profile resume, which the score then counts', async () => {
    const user = await seeker();
    const before = await getProfile(user.id, { db: t.db });
    expect(before.resume).toBeNull();

    const id = await saveDraftToProfile(user.id, draft, 'en', labels, 'rexmonster', {
      db: t.db,
      storage,
    });

    const after = await getProfile(user.id, { db: t.db });
    expect(after.resume?.id).toBe(id);
    expect(after.resume?.fileName).toBe('Priya Nair resume.pdf');
    expect(scoreOf(after).score).toBeGreaterThan(scoreOf(before).score);
    const file = await readOwnedResume(id, { userId: user.id }, { db: t.db, storage });
    expect(file?.resume.format).toBe('pdf');
    expect(Buffer.from(file!.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    // Parsed like an upload: the contact details come back out of the generated file.
    expect(file?.resume.parsed?.email).toBe('priya.nair@example.com');
    expect(file?.resume.parsed?.phone?.number).toBe('9812345678');
  });

  it('a second save becomes the profile resume and keeps the first in the list', async () => {
    const user = await seeker();
    const first = await saveDraftToProfile(user.id, draft, 'en', labels, null, {
      db: t.db,
      storage,
    });
    const second = await saveDraftToProfile(
      user.id,
      { ...draft, template: 'modern' },
      'en',
      labels,
      null,
      { db: t.db, storage },
    );
    expect(second).not.toBe(first);
    expect((await getProfile(user.id, { db: t.db })).resume?.id).toBe(second);
    const ids = (await listUserResumes(user.id, { db: t.db })).map((r) => r.id);
    expect(ids.sort()).toEqual([first, second].sort());
  });
});
