/**
 * Named profiles that hold their own copies, the profile photo and deleting entries, on both
 * databases: a new profile starts with a copy of the default's own values and editing one leaves
 * the others alone (also across a change of default); at most 5; another user's profile, resume,
 * employment or education is refused and left untouched; each bad photo gets its message and the
 * old photo stays; the photo is served to its owner only and moves the score.
 */
import sharp from 'sharp';
import type { APIContext } from 'astro';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { resumes, seekerEducations, seekerEmployments } from '~/server/db/schema';
import { registerUser } from '~/server/accounts/users';
import type { SessionUser } from '~/server/accounts/sessions';
import { setStorage } from '~/server/adapters/storage';
import { getNamedProfile, getProfile, listNamedProfiles, scoreOf } from '~/server/profiles/service';
import { runAction } from '~/server/profiles/http';
import * as seekerApi from '~/pages/api/trex/seeker/v1/[...action]';
import { getT, type TranslationKey } from '~/lib/i18n';
import { siteByContext } from '../../sites';
import { backends, useFreshDb, type TestDb } from './db';
import { memoryStorage } from './personal-data';

const SITE = 'rexmonster';
const t = (key: TranslationKey, options?: Record<string, unknown>) =>
  getT('en')(key, { brand: 'JobHarbor', ...options });
const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

/** Real 2x2 pictures: an upload must decode whole, a signature alone is not a photo. */
const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: '#5b21b6' } })
    .toFormat(format)
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
const PNG = await picture('png');
const JPEG = await picture('jpeg');
const WEBP = await picture('webp');
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');

async function person(db: TestDb['db'], n: number) {
  return registerUser(
    {
      careerStage: 'professional',
      name: `Seeker ${String.fromCharCode(65 + n)}`,
      email: `copies${n}@example.com`,
      password: `secret${n}pass`,
      isdCode: '91',
      mobile: `98765434${String(n).padStart(2, '0')}`,
      siteContext: SITE,
    },
    { db },
  );
}

function sessionUser(id: string): SessionUser {
  return {
    id,
    name: 'x',
    email: null,
    mobile: null,
    isdCode: null,
    careerStage: 'professional',
    siteContext: SITE,
    mobileVerified: false,
    emailVerified: false,
    hasPassword: true,
    registrationStep: 'done',
    sessionStartedAt: new Date(),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the seeker API as Astro would, as `userId` (null: a guest). */
async function call(
  method: Method,
  userId: string | null,
  action: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const handler = (seekerApi as unknown as Record<Method, (c: APIContext) => Promise<Response>>)[
    method
  ];
  const request = new Request(`http://rexmonster.localhost/api/trex/seeker/v1/${action}`, {
    method,
    ...(body instanceof FormData
      ? { body, headers }
      : body !== undefined
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
  });
  const context = {
    request,
    url: new URL(request.url),
    params: { action },
    locals: {
      user: userId ? sessionUser(userId) : null,
      t,
      lang: 'en',
      site: siteByContext(SITE)!,
      brand: { name: 'JobHarbor', localeSuffix: '' },
    },
  } as unknown as APIContext;
  return handler(context);
}

async function json(response: Response) {
  type Body = {
    success: boolean;
    error: string;
    errors: { field: string; message: string }[];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelope data varies by call
    data: any;
  };
  return { status: response.status, body: (await response.json()) as Body };
}

function photoForm(bytes: Uint8Array<ArrayBuffer> | null, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  if (bytes) form.set('photo', new File([bytes], name, { type }));
  return form;
}

/** A resume row (its file is not needed here). */
async function resumeOf(db: TestDb['db'], userId: string, fileName: string, minutesAgo: number) {
  const id = randomUUID();
  await db.insert(resumes).values({
    id,
    ownerUserId: userId,
    storageKey: `users/${userId}/resumes/${id}.pdf`,
    fileName,
    mime: 'application/pdf',
    size: 10,
    format: 'pdf',
    parseStatus: 'empty',
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  return id;
}

describe.each(backends)('profile copies, photo and deletes on %s', (backend) => {
  const fresh = useFreshDb(backend);
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(async () => {
    await ensureCountries(fresh.db);
    (globalThis as G)[DB_KEY] = Promise.resolve(fresh.handle);
    storage = memoryStorage();
    setStorage(storage);
  });
  afterEach(() => {
    delete (globalThis as G)[DB_KEY];
    setStorage(undefined);
  });

  const run = (userId: string, action: Parameters<typeof runAction>[0], input: unknown) =>
    runAction(action, userId, input, 'INR', t);

  it('a new profile copies the default’s own values; editing one leaves the others', async () => {
    const a = await person(fresh.db, 1);
    const db = fresh.db;
    const older = await resumeOf(db, a.id, 'older.pdf', 60);
    await resumeOf(db, a.id, 'newest.pdf', 1);
    expect(await run(a.id, 'skills', { skills: 'SQL, Excel' })).toMatchObject({ ok: true });
    await run(a.id, 'preferredLocation', { preferredLocations: 'Pune, Mumbai' });
    await run(a.id, 'expectedSalary', { expectedSalary: '1200000', salaryMode: 'annually' });
    const [def] = await listNamedProfiles(a.id, { db });
    await run(a.id, 'renameProfile', {
      profileId: def!.id,
      name: 'Analyst',
      headline: 'Data Analyst',
    });
    await run(a.id, 'resumeChoice', { profileId: def!.id, resume: older });

    // Created through the API: a copy of everything the default holds on its own.
    const created = await json(await call('POST', a.id, 'profiles', { name: 'Engineer' }));
    expect(created.status).toBe(200);
    const list = await json(await call('GET', a.id, 'profiles'));
    const eng = list.body.data.find((p: { name: string }) => p.name === 'Engineer');
    const copy = await json(await call('GET', a.id, `profiles/${eng.id}`));
    expect(copy.body.data).toMatchObject({
      name: 'Engineer',
      headline: 'Data Analyst',
      isDefault: false,
      skills: ['SQL', 'Excel'],
      preferredLocations: ['Pune', 'Mumbai'],
      expectedSalary: 1_200_000,
      expectedSalaryMode: 'annually',
      resumeChoice: older,
      resume: { id: older, fileName: 'older.pdf' },
    });

    // Editing the new profile (API paths with its id) leaves the default alone.
    expect(
      (await call('POST', a.id, `profiles/${eng.id}/skills`, { skills: ['Python'] })).status,
    ).toBe(200);
    await call('POST', a.id, `profiles/${eng.id}/skills/delete`, { skill: 'excel' });
    await call('PUT', a.id, `profiles/${eng.id}/preferred-locations`, {
      preferredLocations: ['Bengaluru'],
    });
    await call('PUT', a.id, `profiles/${eng.id}/expected-salary`, {
      expectedSalary: 150000,
      salaryMode: 'monthly',
    });
    const rename = await json(
      await call('POST', a.id, `profiles/${eng.id}/rename`, {
        name: 'Engineer',
        headline: 'Backend Engineer',
      }),
    );
    expect(rename.body.data.headline).toBe('Backend Engineer');
    const none = await json(
      await call('PUT', a.id, `profiles/${eng.id}/resume`, { resume: 'none' }),
    );
    expect(none.body.data).toMatchObject({
      skills: ['SQL', 'Python'],
      preferredLocations: ['Bengaluru'],
      expectedSalary: 150_000,
      expectedSalaryMode: 'monthly',
      resumeChoice: 'none',
      resume: null,
    });
    let p = await getProfile(a.id, { db });
    expect(p.skills).toEqual(['SQL', 'Excel']);
    expect(p.preference?.preferredLocations).toEqual(['Pune', 'Mumbai']);
    expect(p.preference?.expectedSalary).toBe(1_200_000);
    expect(p.resume?.id).toBe(older);
    expect((await getNamedProfile(a.id, def!.id, { db })).headline).toBe('Data Analyst');

    // Editing the default (calls without a profile) leaves the new one alone.
    await run(a.id, 'skills', { skills: 'Tableau' });
    expect((await getNamedProfile(a.id, eng.id, { db })).skills).toEqual(['SQL', 'Python']);

    // A new default: the app reads its values; the old default keeps its own.
    const scoreBefore = scoreOf(p).score;
    await call('POST', a.id, `profiles/${eng.id}/default`);
    p = await getProfile(a.id, { db });
    expect(p.skills).toEqual(['SQL', 'Python']);
    expect(p.preference?.preferredLocations).toEqual(['Bengaluru']);
    expect(p.resume).toBeNull();
    expect(scoreOf(p).score).toBeLessThan(scoreBefore); // no resume on this profile
    expect(scoreOf(p).pending.map((x) => x.item)).toContain('resume');
    const old = await getNamedProfile(a.id, def!.id, { db });
    expect(old).toMatchObject({
      isDefault: false,
      skills: ['SQL', 'Excel', 'Tableau'],
      preferredLocations: ['Pune', 'Mumbai'],
      expectedSalary: 1_200_000,
    });
    const defaults = (await listNamedProfiles(a.id, { db })).filter((x) => x.isDefault);
    expect(defaults.map((x) => x.id)).toEqual([eng.id]);
    // The default cannot be deleted; the other one can.
    expect((await call('POST', a.id, `profiles/${eng.id}/delete`)).status).toBe(422);
    expect((await call('DELETE', a.id, `profiles/${def!.id}`)).status).toBe(200);
    expect(await listNamedProfiles(a.id, { db })).toHaveLength(1);
  });

  it('keeps at most 5 profiles, enforced by the service', async () => {
    const a = await person(fresh.db, 1);
    for (const name of ['Two', 'Three', 'Four', 'Five']) {
      expect((await call('POST', a.id, 'profiles', { name })).status).toBe(200);
    }
    const sixth = await json(await call('POST', a.id, 'profiles', { name: 'Six' }));
    expect(sixth.status).toBe(422);
    expect(sixth.body.error).toBe('You can have at most 5 profiles. Please delete one first.');
    expect(await listNamedProfiles(a.id, { db: fresh.db })).toHaveLength(5);
  });

  it('refuses another user’s profile and resume, and changes nothing', async () => {
    const a = await person(fresh.db, 1);
    const b = await person(fresh.db, 2);
    const db = fresh.db;
    const aResume = await resumeOf(db, a.id, 'a.pdf', 5);
    await run(a.id, 'skills', { skills: 'Go' });
    const [aDefault] = await listNamedProfiles(a.id, { db });

    const read = await json(await call('GET', b.id, `profiles/${aDefault!.id}`));
    expect(read.status).toBe(404);
    expect(read.body.error).toBe('Please select a profile from list.');
    expect((await json(await call('GET', b.id, 'profiles/abc'))).status).toBe(404);
    for (const [method, path, body] of [
      ['POST', `profiles/${aDefault!.id}/skills`, { skills: ['Hacked'] }],
      ['POST', `profiles/${aDefault!.id}/skills/delete`, { skill: 'Go' }],
      ['PUT', `profiles/${aDefault!.id}/preferred-locations`, { preferredLocations: ['X'] }],
      [
        'PUT',
        `profiles/${aDefault!.id}/expected-salary`,
        { expectedSalary: 1, salaryMode: 'monthly' },
      ],
      ['POST', `profiles/${aDefault!.id}/rename`, { name: 'Mine' }],
      ['POST', `profiles/${aDefault!.id}/default`, {}],
      ['POST', `profiles/${aDefault!.id}/delete`, {}],
      ['POST', `profiles/x1/skills`, { skills: ['Hacked'] }],
    ] as const) {
      const r = await json(await call(method, b.id, path, body));
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toBe('Please select a profile from list.');
    }
    // B cannot show A's resume on B's own profile.
    const resume = await json(await call('PUT', b.id, 'profiles/0/resume', { resume: aResume }));
    expect(resume.status).toBe(422);
    const [bDefault] = await listNamedProfiles(b.id, { db });
    const foreign = await json(
      await call('PUT', b.id, `profiles/${bDefault!.id}/resume`, { resume: aResume }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.error).toBe('Please select one of your resumes.');

    const aNow = await getNamedProfile(a.id, aDefault!.id, { db });
    expect(aNow).toMatchObject({ name: aDefault!.name, skills: ['Go'], isDefault: true });
    expect(aNow.preferredLocations).toEqual([]);
    expect((await getNamedProfile(b.id, null, { db })).resumeChoice).toBe('latest');
  });

  it('deletes only the owner’s employment and education entries', async () => {
    const a = await person(fresh.db, 1);
    const b = await person(fresh.db, 2);
    const db = fresh.db;
    await run(a.id, 'employment', {
      designation: 'Engineer',
      company: 'Acme',
      startDate: '2020-01-01',
      isCurrent: 'on',
      noticePeriod: '30',
      currentSalary: '900000',
      salaryMode: 'annually',
    });
    expect(
      await run(a.id, 'education', {
        qualification: 'btech',
        specialization: 'CS',
        institute: 'IIT',
        passingYear: '2019',
      }),
    ).toMatchObject({ ok: true });
    const [job] = await db
      .select()
      .from(seekerEmployments)
      .where(eq(seekerEmployments.userId, a.id));
    const [edu] = await db.select().from(seekerEducations).where(eq(seekerEducations.userId, a.id));

    // B names A's entries: 404, nothing deleted.
    const bJob = await json(await call('POST', b.id, 'employment/delete', { id: job!.id }));
    expect(bJob.status).toBe(404);
    expect((await call('DELETE', b.id, `education/${edu!.id}`)).status).toBe(404);
    expect(await run(b.id, 'deleteEducation', { id: String(edu!.id) })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await call('DELETE', null, `employment/${job!.id}`)).status).toBe(401);
    expect((await getProfile(a.id, { db })).employments).toHaveLength(1);
    expect((await getProfile(a.id, { db })).educations).toHaveLength(1);

    // A deletes them: gone, and the score's items are missing again.
    const before = scoreOf(await getProfile(a.id, { db })).score;
    const del = await json(await call('POST', a.id, 'employment/delete', { id: job!.id }));
    expect(del.status).toBe(200);
    expect(del.body.data.pending.map((x: { item: string }) => x.item)).toContain('employment');
    expect((await call('DELETE', a.id, `education/${edu!.id}`)).status).toBe(200);
    const p = await getProfile(a.id, { db });
    expect(p.employments).toEqual([]);
    expect(p.educations).toEqual([]);
    expect(scoreOf(p).score).toBeLessThan(before);
    // Deleting it again: not found.
    expect((await call('DELETE', a.id, `education/${edu!.id}`)).status).toBe(404);
    expect(await run(a.id, 'deleteEmployment', { id: 'x' })).toMatchObject({ ok: false });
  });

  it('uploads, replaces and removes the photo; bad files keep the old one', async () => {
    const a = await person(fresh.db, 1);
    const db = fresh.db;
    const start = scoreOf(await getProfile(a.id, { db }));
    expect(start.pending.map((x) => x.item)).toContain('photo');

    const up = await json(await call('POST', a.id, 'photo', photoForm(PNG)));
    expect(up.status).toBe(200);
    const firstId: string = up.body.data.photoId;
    expect(up.body.data.score).toBeGreaterThan(start.score);
    const withPhoto = scoreOf(await getProfile(a.id, { db }));
    expect(withPhoto.pending.map((x) => x.item)).not.toContain('photo');
    const firstKey = [...storage.files.keys()][0]!;
    expect(firstKey).toBe(`users/${a.id}/photos/${firstId}.png`);

    // Each bad upload: its message, 4xx, and the first photo still there.
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const bad: [FormData, number, string][] = [
      [photoForm(big), 413, 'Photo size must be less than or equal to 2MB'],
      [photoForm(GIF, 'me.png'), 415, 'Photo format must be .jpg, .png or .webp'],
      // A PNG signature followed by zeros is no picture.
      [
        photoForm(Uint8Array.from([...PNG.subarray(0, 8), ...new Uint8Array(64)])),
        422,
        'Please upload valid file',
      ],
      [
        photoForm(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png'),
        415,
        'Photo format must be .jpg, .png or .webp',
      ],
      [
        photoForm(new Uint8Array(0), 'empty.png'),
        422,
        'The photo file is empty. Please choose another one.',
      ],
      [photoForm(null), 422, 'Please choose a photo to upload.'],
    ];
    for (const [form, status, message] of bad) {
      const r = await json(await call('POST', a.id, 'photo', form));
      expect(r.status, message).toBe(status);
      expect(r.body.error).toBe(message);
      expect(r.body.errors).toEqual([{ field: 'photo', message }]);
    }
    const json415 = await json(await call('POST', a.id, 'photo', { photo: 'x' }));
    expect(json415.status).toBe(415);
    // A body far past the limit without Content-Length is refused while streaming.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(512 * 1024));
        controller.close();
      },
    });
    const streamed = await seekerApi.POST({
      request: new Request('http://rexmonster.localhost/api/trex/seeker/v1/photo', {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        duplex: 'half',
      } as RequestInit),
      params: { action: 'photo' },
      locals: {
        user: sessionUser(a.id),
        t,
        lang: 'en',
        site: siteByContext(SITE)!,
        brand: { name: 'JobHarbor', localeSuffix: '' },
      },
    } as unknown as APIContext);
    expect(streamed.status).toBe(413);
    expect([...storage.files.keys()]).toEqual([firstKey]);
    expect((await getProfile(a.id, { db })).extras.photo?.id).toBe(firstId);

    // Replacing: a new id, the old file deleted; WebP and JPEG are accepted too.
    const webp = await json(await call('POST', a.id, 'photo', photoForm(WEBP, 'x.webp')));
    expect(webp.status).toBe(200);
    const jpeg = await json(await call('POST', a.id, 'photo', photoForm(JPEG, 'x.jpg')));
    const jpegId: string = jpeg.body.data.photoId;
    expect(jpegId).not.toBe(firstId);
    expect([...storage.files.keys()]).toEqual([`users/${a.id}/photos/${jpegId}.jpg`]);

    // Served to its owner, with its type, privately; the old id is gone.
    const own = await call('GET', a.id, `photo/${jpegId}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toMatch(/^private/);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(JPEG);
    expect((await call('GET', a.id, 'photo')).status).toBe(200);
    expect((await call('GET', a.id, `photo/${firstId}`)).status).toBe(404);

    // Anyone else: 404, whoever they are.
    const b = await person(db, 2);
    expect((await call('GET', b.id, `photo/${jpegId}`)).status).toBe(404);
    expect((await call('GET', null, `photo/${jpegId}`)).status).toBe(404);
    expect((await call('GET', b.id, 'photo')).status).toBe(404);
    expect((await call('DELETE', b.id, 'photo')).status).toBe(200); // B has none: nothing happens
    expect(storage.files.size).toBe(1);

    // Removing: file and score item gone.
    const removed = await json(await call('POST', a.id, 'photo/delete'));
    expect(removed.body.data.pending.map((x: { item: string }) => x.item)).toContain('photo');
    expect(storage.files.size).toBe(0);
    const after = scoreOf(await getProfile(a.id, { db }));
    expect(after.score).toBe(start.score);
    expect((await call('GET', a.id, `photo/${jpegId}`)).status).toBe(404);
  });
});
