/**
 * The seeker profile on both databases: each section saves what it is given and a bad input
 * leaves the profile untouched, up to 5 named profiles with exactly one default, duplicate skills
 * refused (any case), employment date range, notice period with last working day, private flags
 * read by their owner only, another user's data never reached through the API, and the score and
 * its band moving as fields fill.
 */
import type { APIContext } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { seekerEmployments, seekerNamedProfiles, users } from '~/server/db/schema';
import { registerUser } from '~/server/accounts/users';
import type { SessionUser } from '~/server/accounts/sessions';
import {
  addSkills,
  createNamedProfile,
  deleteNamedProfile,
  getPrivateFlags,
  getProfile,
  listNamedProfiles,
  pendingCards,
  pendingDialogs,
  scoreOf,
  setDefaultProfile,
  setPrompt,
} from '~/server/profiles/service';
import { runAction } from '~/server/profiles/http';
import * as seekerApi from '~/pages/api/trex/seeker/v1/[...action]';
import * as covidGet from '~/pages/api/middleware/covidLayoffFlag';
import * as covidSet from '~/pages/api/middleware/editCovidLayoffFlag';
import * as lgbtqGet from '~/pages/api/middleware/getLgbtqDetails';
import * as lgbtqSet from '~/pages/api/middleware/setLgbtqDetails';
import * as stats from '~/pages/api/trex/users/v2/profile-stats';
import { getT, type TranslationKey } from '~/lib/i18n';
import { siteByContext } from '../../sites';
import { backends, useFreshDb, type TestDb } from './db';

const SITE = 'rexmonster';
const t = (key: TranslationKey, options?: Record<string, unknown>) =>
  getT('en')(key, { brand: 'JobHarbor', ...options });
const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

const job = {
  designation: 'Engineer',
  company: 'Acme',
  startDate: '2020-01-01',
  isCurrent: 'on',
  endDate: '',
  noticePeriod: '30',
  lastWorkingDate: '',
  currentSalary: '900000',
  salaryMode: 'annually',
};

async function person(db: TestDb['db'], n: number, careerStage: 'fresher' | 'professional') {
  const user = await registerUser(
    {
      careerStage,
      name: `Seeker ${String.fromCharCode(65 + n)}`,
      email: `profile${n}@example.com`,
      password: `secret${n}pass`,
      isdCode: '91',
      mobile: `98765433${String(n).padStart(2, '0')}`,
      siteContext: SITE,
    },
    { db },
  );
  return user;
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

/** Calls an endpoint handler as Astro would, as `userId` (null: a guest). */
async function call(
  route: Record<string, unknown>,
  method: 'GET' | 'POST' | 'PUT',
  userId: string | null,
  options: { action?: string; body?: unknown } = {},
) {
  const handler = route[method] as (c: APIContext) => Promise<Response>;
  const request = new Request(`http://rexmonster.localhost/api/x`, {
    method,
    ...(options.body !== undefined
      ? { body: JSON.stringify(options.body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  const context = {
    request,
    url: new URL(request.url),
    params: { action: options.action },
    locals: {
      user: userId ? sessionUser(userId) : null,
      t,
      lang: 'en',
      site: siteByContext(SITE)!,
      brand: { name: 'JobHarbor', localeSuffix: '' },
    },
  } as unknown as APIContext;
  const response = await handler(context);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelope data varies by endpoint
  type Body = { success: boolean; errors: { field: string; message: string }[]; data: any };
  return { status: response.status, body: (await response.json()) as Body };
}

describe.each(backends)('profiles on %s', (backend) => {
  const fresh = useFreshDb(backend);
  beforeEach(async () => {
    await ensureCountries(fresh.db);
    // The endpoints use the process-wide database: point it at this test's.
    (globalThis as G)[DB_KEY] = Promise.resolve(fresh.handle);
  });
  afterEach(() => {
    delete (globalThis as G)[DB_KEY];
  });

  it('saves each section and moves the score and band as fields fill', async () => {
    const a = await person(fresh.db, 1, 'professional');
    const before = scoreOf(await getProfile(a.id, { db: fresh.db }));
    const run = (action: Parameters<typeof runAction>[0], input: unknown) =>
      runAction(action, a.id, input, 'INR', t);

    expect(await run('employment', job)).toMatchObject({ ok: true });
    expect(await run('experience', { experienceYears: '5', experienceMonths: '3' })).toMatchObject({
      ok: true,
    });
    expect(
      await run('locations', {
        currentLocation: 'Pune',
        preferredLocations: 'Mumbai, pune, Mumbai',
      }),
    ).toMatchObject({ ok: true });
    const mid = scoreOf(await getProfile(a.id, { db: fresh.db }));
    expect(mid.score).toBeGreaterThan(before.score);

    expect(await run('skills', { skills: 'TypeScript, SQL' })).toMatchObject({ ok: true });
    expect(await run('visa', { visaStatus: 'citizen' })).toMatchObject({ ok: true });
    expect(await run('linkedIn', { linkedinUrl: 'www.linkedin.com/in/seeker-a' })).toMatchObject({
      ok: true,
    });
    expect(
      await run('education', {
        qualification: 'btech',
        specialization: 'CS',
        institute: 'IIT',
        passingYear: '2019',
      }),
    ).toMatchObject({ ok: true });
    expect(
      await run('salary', {
        currentSalary: '1,000,000',
        salaryMode: 'annually',
        expectedSalary: '1500000',
      }),
    ).toMatchObject({ ok: true });
    const p = await getProfile(a.id, { db: fresh.db });
    expect(p.seeker?.experienceYears).toBe(5);
    expect(p.seeker?.currentLocation).toBe('Pune');
    expect(p.preference?.preferredLocations).toEqual(['Mumbai', 'pune']);
    expect(p.skills).toEqual(['TypeScript', 'SQL']);
    expect(p.extras.linkedinUrl).toBe('https://www.linkedin.com/in/seeker-a');
    expect(p.currentEmployment?.currentSalary).toBe(1_000_000);
    expect(p.preference?.expectedSalary).toBe(1_500_000);
    const after = scoreOf(p);
    expect(after.score).toBeGreaterThan(mid.score);
    expect(after.band.label).not.toBe(before.band.label);
    expect(after.pending.map((x) => x.item)).not.toContain('skills');
    expect(pendingCards(p)).not.toContain('skills');
  });

  it('gives the SPEC messages and leaves the profile untouched on bad input', async () => {
    const a = await person(fresh.db, 1, 'professional');
    const run = (action: Parameters<typeof runAction>[0], input: unknown) =>
      runAction(action, a.id, input, 'INR', t);
    await run('employment', job);
    await run('linkedIn', { linkedinUrl: 'https://www.linkedin.com/in/keep-me' });
    await run('skills', { skills: 'Java' });
    const snapshot = await getProfile(a.id, { db: fresh.db });

    const bad: [Parameters<typeof runAction>[0], unknown, string, string][] = [
      [
        'linkedIn',
        { linkedinUrl: 'https://example.com/me' },
        'linkedinUrl',
        'Please enter valid link (LinkedIn)',
      ],
      ['skills', { skills: 'java' }, 'skills', 'This Skill is already added.'],
      ['skills', { skills: '' }, 'skills', 'Please select skills.'],
      [
        'employment',
        { ...job, isCurrent: '', startDate: '2021-01-01', endDate: '2020-01-01' },
        'endDate',
        'Please specify a valid date range.',
      ],
      [
        'noticePeriod',
        { noticePeriod: '0' },
        'lastWorkingDate',
        'Please specify your last working date',
      ],
      ['noticePeriod', { noticePeriod: '' }, 'noticePeriod', 'Please specify your notice period'],
      ['currentSalary', { currentSalary: '500000' }, 'salaryMode', 'Please specify salary mode'],
      [
        'currentSalary',
        { salaryMode: 'monthly' },
        'currentSalary',
        'Please specify your current salary',
      ],
      ['visa', { visaStatus: 'alien' }, 'visaStatus', 'Please select your Visa Status.'],
      [
        'currentLocation',
        { currentLocation: '' },
        'currentLocation',
        'Please select your current location.',
      ],
      [
        'preferredLocation',
        { preferredLocations: '' },
        'preferredLocations',
        'Please select your preferred location.',
      ],
      ['defaultProfile', { profileId: '' }, 'profileId', 'Please select a profile from list.'],
    ];
    for (const [action, input, field, message] of bad) {
      const result = await run(action, input);
      expect(result, `${action} ${JSON.stringify(input)}`).toEqual({
        ok: false,
        status: 422,
        errors: expect.objectContaining({ [field]: message }),
      });
    }
    const now = await getProfile(a.id, { db: fresh.db });
    expect(now.extras).toEqual(snapshot.extras);
    expect(now.skills).toEqual(['Java']);
    expect(now.employments).toEqual(snapshot.employments);
    expect(now.seeker).toEqual(snapshot.seeker);
  });

  it('refuses a bad value in the language the page is in', async () => {
    const a = await person(fresh.db, 1, 'professional');
    for (const lang of ['hi', 'ar'] as const) {
      const inLang = (key: TranslationKey) => getT(lang)(key, { brand: 'JobHarbor' });
      const message = inLang('profile:messages.visaStatusRequired');
      expect(message).not.toBe('Please select your Visa Status.');
      expect(await runAction('visa', a.id, { visaStatus: 'alien' }, 'INR', inLang)).toEqual({
        ok: false,
        status: 422,
        errors: { visaStatus: message },
      });
    }
  });

  it('serving notice needs a last working day, and it is saved with the notice period', async () => {
    const a = await person(fresh.db, 1, 'professional');
    await runAction('employment', a.id, job, 'INR', t);
    const lwd = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    expect(
      await runAction('noticePeriod', a.id, { noticePeriod: '0', lastWorkingDate: lwd }, 'INR', t),
    ).toMatchObject({ ok: true });
    const p = await getProfile(a.id, { db: fresh.db });
    expect(p.currentEmployment).toMatchObject({ noticePeriod: 0, lastWorkingDate: lwd });
    expect(await runAction('noticePeriod', a.id, { noticePeriod: '90' }, 'INR', t)).toMatchObject({
      ok: true,
    });
    const q = await getProfile(a.id, { db: fresh.db });
    expect(q.currentEmployment).toMatchObject({ noticePeriod: 90, lastWorkingDate: null });
  });

  it('keeps up to 5 profiles with exactly one default', async () => {
    const a = await person(fresh.db, 1, 'fresher');
    const db = fresh.db;
    const first = await listNamedProfiles(a.id, { db });
    expect(first).toHaveLength(1);
    expect(first[0]!.isDefault).toBe(true);
    for (const name of ['Two', 'Three', 'Four']) await createNamedProfile(a.id, name, { db });
    await expect(createNamedProfile(a.id, 'two', { db })).rejects.toThrow(
      'You already have a profile with this name.',
    );
    await createNamedProfile(a.id, 'Five', { db });
    await expect(createNamedProfile(a.id, 'Six', { db })).rejects.toThrow(
      'You can have at most 5 profiles. Please delete one first.',
    );
    const all = await listNamedProfiles(a.id, { db });
    expect(all).toHaveLength(5);
    const two = all.find((p) => p.name === 'Two')!;
    await setDefaultProfile(a.id, two.id, { db });
    const defaults = (await listNamedProfiles(a.id, { db })).filter((p) => p.isDefault);
    expect(defaults.map((p) => p.id)).toEqual([two.id]);
    await expect(deleteNamedProfile(a.id, two.id, { db })).rejects.toThrow(
      'The default profile cannot be deleted.',
    );
    // Each profile keeps its own name and headline.
    const renamed = await runAction(
      'renameProfile',
      a.id,
      { profileId: String(two.id), name: 'Analyst roles', headline: 'Data Analyst' },
      'INR',
      t,
    );
    expect(renamed.ok).toBe(true);
    const created = await runAction('createProfile', a.id, { name: 'x'.repeat(51) }, 'INR', t);
    expect(created).toMatchObject({ ok: false, status: 422 });
    expect((await listNamedProfiles(a.id, { db })).find((p) => p.id === two.id)).toMatchObject({
      name: 'Analyst roles',
      headline: 'Data Analyst',
    });
    await deleteNamedProfile(a.id, first[0]!.id, { db });
    expect(await listNamedProfiles(a.id, { db })).toHaveLength(4);
    await createNamedProfile(a.id, 'Six', { db });
    expect(await listNamedProfiles(a.id, { db })).toHaveLength(5);
  });

  it('refuses another user’s profiles and entries', async () => {
    const a = await person(fresh.db, 1, 'professional');
    const b = await person(fresh.db, 2, 'professional');
    await runAction('employment', a.id, job, 'INR', t);
    const [aJob] = await fresh.db
      .select()
      .from(seekerEmployments)
      .where(eq(seekerEmployments.userId, a.id));
    const [aProfile] = await listNamedProfiles(a.id, { db: fresh.db });

    // B names A's employment and A's profile: refused, A's rows unchanged.
    const put = await call(seekerApi, 'PUT', b.id, {
      action: 'employment',
      body: { ...job, id: aJob!.id, designation: 'Hijacked' },
    });
    expect(put.status).toBe(404);
    const del = await call(seekerApi, 'POST', b.id, {
      action: 'profiles/delete',
      body: { profileId: aProfile!.id },
    });
    expect(del.status).toBe(422);
    expect(del.body.errors[0]?.message).toBe('Please select a profile from list.');
    const def = await call(seekerApi, 'POST', b.id, {
      action: 'profiles/default',
      body: { profileId: aProfile!.id },
    });
    expect(def.status).toBe(422);
    const [still] = await fresh.db
      .select()
      .from(seekerEmployments)
      .where(eq(seekerEmployments.userId, a.id));
    expect(still!.designation).toBe('Engineer');
    const aRows = await fresh.db
      .select()
      .from(seekerNamedProfiles)
      .where(and(eq(seekerNamedProfiles.userId, a.id), eq(seekerNamedProfiles.isDefault, true)));
    expect(aRows).toHaveLength(1);

    // B's own reads show B's data only.
    await call(seekerApi, 'POST', a.id, { action: 'skills', body: { skills: ['Go'] } });
    const bView = await call(seekerApi, 'GET', b.id, { action: 'profile' });
    expect(bView.body.data.skills).toEqual([]);
    const aView = await call(seekerApi, 'GET', a.id, { action: 'profile' });
    expect(aView.body.data.skills).toEqual(['Go']);

    // Guests get 401 everywhere.
    for (const [route, method, action] of [
      [seekerApi, 'GET', 'profile'],
      [seekerApi, 'POST', 'skills'],
      [seekerApi, 'PUT', 'current-salary'],
      [covidGet, 'GET', undefined],
      [lgbtqSet, 'POST', undefined],
      [stats, 'GET', undefined],
    ] as const) {
      const r = await call(route, method, null, {
        action,
        body: method === 'GET' ? undefined : {},
      });
      expect(r.status, `${method} ${action}`).toBe(401);
    }
  });

  it('keeps the covid and LGBTQ flags private to their owner', async () => {
    const a = await person(fresh.db, 1, 'fresher');
    const b = await person(fresh.db, 2, 'fresher');
    const setCovid = await call(covidSet, 'POST', a.id, { body: { covidLayoff: true } });
    expect(setCovid.body.data).toEqual({ covidLayoff: true });
    const setL = await call(lgbtqSet, 'POST', a.id, { body: { lgbtq: 'yes' } });
    expect(setL.body.data).toEqual({ lgbtq: 'yes' });
    const badL = await call(lgbtqSet, 'POST', a.id, { body: { lgbtq: 'maybe' } });
    expect(badL.status).toBe(422);
    expect((await call(covidGet, 'GET', a.id)).body.data).toEqual({ covidLayoff: true });
    expect((await call(lgbtqGet, 'GET', a.id)).body.data).toEqual({ lgbtq: 'yes' });
    // B reads B's own (unset) flags, never A's.
    expect((await call(covidGet, 'GET', b.id)).body.data).toEqual({ covidLayoff: false });
    expect((await call(lgbtqGet, 'GET', b.id)).body.data).toEqual({ lgbtq: null });
    expect(await getPrivateFlags(a.id, { db: fresh.db })).toEqual({
      covidLayoff: true,
      lgbtq: 'yes',
    });
    // The profile summary other endpoints answer does not carry them.
    const summary = await call(seekerApi, 'GET', a.id, { action: 'profile' });
    expect(JSON.stringify(summary.body)).not.toMatch(/covid|lgbtq/i);
  });

  it('remembers skipped dialogs and cards, and stats start with 0 views', async () => {
    const a = await person(fresh.db, 1, 'professional');
    let p = await getProfile(a.id, { db: fresh.db });
    expect(pendingDialogs(p)[0]).toEqual({ mode: 'engage', step: 'employment' });
    await setPrompt(a.id, 'engage:employment', 'skipped', { db: fresh.db });
    p = await getProfile(a.id, { db: fresh.db });
    expect(pendingDialogs(p)[0]).toEqual({ mode: 'engage', step: 'education' });
    const skip = await call(seekerApi, 'POST', a.id, {
      action: 'cards/skip',
      body: { card: 'location' },
    });
    expect(skip.body.data.cards).not.toContain('location');
    const badSkip = await call(seekerApi, 'POST', a.id, {
      action: 'cards/skip',
      body: { card: 'x' },
    });
    expect(badSkip.status).toBe(422);
    const s = await call(stats, 'GET', a.id);
    expect(s.body.data.profileViews).toBe(0);
    expect(s.body.data.score).toBe(scoreOf(p).score);

    // Review dialogs appear once there is a value, and confirming one is remembered.
    await addSkills(a.id, { skills: ['Rust'] }, { db: fresh.db });
    await runAction('employment', a.id, job, 'INR', t);
    p = await getProfile(a.id, { db: fresh.db });
    expect(pendingDialogs(p)).toContainEqual({ mode: 'review', step: 'salary' });
    await call(seekerApi, 'POST', a.id, {
      action: 'prompts',
      body: { prompt: 'review:salary', state: 'confirmed' },
    });
    p = await getProfile(a.id, { db: fresh.db });
    expect(pendingDialogs(p)).not.toContainEqual({ mode: 'review', step: 'salary' });
  });

  it('a changed mobile number must be verified again; a taken one is refused', async () => {
    const a = await person(fresh.db, 1, 'fresher');
    const b = await person(fresh.db, 2, 'fresher');
    await fresh.db.update(users).set({ mobileVerifiedAt: new Date() }).where(eq(users.id, a.id));
    const taken = await runAction('mobile', a.id, { isdCode: '91', mobile: b.mobile }, 'INR', t);
    expect(taken).toMatchObject({
      ok: false,
      errors: { mobile: expect.stringContaining('already') },
    });
    expect((await getProfile(a.id, { db: fresh.db })).account.mobileVerifiedAt).not.toBeNull();
    const changed = await runAction(
      'mobile',
      a.id,
      { isdCode: '91', mobile: '9123456789' },
      'INR',
      t,
    );
    expect(changed.ok).toBe(true);
    const p = await getProfile(a.id, { db: fresh.db });
    // Stored in E.164 (decision 0037).
    expect(p.account.mobile).toBe('+919123456789');
    expect(p.account.mobileVerifiedAt).toBeNull();
  });
});
