/**
 * "Download my data" on both databases: the ZIP's JSON holds the seeker's own rows from every
 * domain and their files, and nothing of another seeker; only its owner can read it, for 24
 * hours; a large account is built by the queue and mailed once; three requests a day.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataExports, jobs } from '~/server/db/schema';
import {
  BUILD_AT_ONCE_BYTES,
  EXPORT_VALID_MS,
  listDataExports,
  processDataExports,
  readDataExport,
  requestDataExport,
} from '~/server/privacy/export';
import { backends, useFreshDb } from './db';
import { SITE, seedJobs } from './accounts-helpers';
import { capturingMail, memoryStorage, seekerWithData } from './personal-data';

const where = { siteContext: SITE, lang: 'en', brand: 'classic', origin: 'http://x.localhost' };

describe.each(backends)('data export on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  it("zips the seeker's own data and files, for them alone and for 24 hours", async () => {
    const ids = await seedJobs(db());
    const storage = memoryStorage();
    const mail = capturingMail();
    const me = await seekerWithData(db(), 1, ids.open, storage);
    const other = await seekerWithData(db(), 2, ids.open.slice(2), storage);
    const o = { db: db(), storage, mail };

    const asked = await requestDataExport(me.user.id, where, o);
    expect(asked.outcome).toBe('ready');
    const exportId = (asked as { exportId: string }).exportId;
    const zip = await readDataExport(me.user.id, exportId, o);
    expect(zip).not.toBeNull();
    const files = unzipSync(zip!);
    const text = strFromU8(files['my-data.json']!);
    const data = JSON.parse(text);
    // Every section, with the seeker's own rows.
    expect(data.account.users[0].email).toBe(me.person.email);
    expect(data.account.users[0].passwordHash).toBeUndefined();
    expect(data.profile.seeker_employments[0].designation).toBe(`Engineer ${me.person.name}`);
    expect(data.profile.seeker_profiles[0].currentLocation).toBe(`Town of ${me.person.name}`);
    expect(data.applications.applications).toHaveLength(1);
    expect(data.applications.saved_jobs).toHaveLength(1);
    // Each job's title and company beside its id, so the seeker can read what it was.
    for (const row of [data.applications.applications[0], data.applications.saved_jobs[0]]) {
      const keys = Object.keys(row);
      expect(keys.slice(keys.indexOf('jobId'), keys.indexOf('jobId') + 3)).toEqual([
        'jobId',
        'jobTitle',
        'company',
      ]);
      const [job] = await db().select().from(jobs).where(eq(jobs.id, row.jobId));
      expect([row.jobTitle, row.company]).toEqual([job!.title, job!.companyName]);
    }
    expect(data.alerts.job_alerts.map((a: { name: string }) => a.name).sort()).toEqual([
      `Alert of ${me.person.name}`,
      `Guest alert of ${me.person.name}`,
    ]);
    expect(data.alerts.job_alert_deliveries).toHaveLength(1);
    expect(data.alerts.seeker_notifications).toHaveLength(1);
    expect(data.consents.seeker_message_preferences[0]).toMatchObject({
      kind: 'offers',
      mail: false,
    });
    expect(data.searches.recent_searches[0].keywords).toBe(`search of ${me.person.name}`);
    expect(data.commerce.orders).toHaveLength(1);
    expect(data.commerce.order_items).toHaveLength(1);
    expect(data.commerce.payment_events).toHaveLength(1);
    expect(data.site.feedback[0].message).toBe(`hello from ${me.person.name}`);
    expect(text).not.toContain('session-');
    expect(text).not.toContain('guestTokenHash');
    // Nothing of the other seeker.
    for (const theirs of [
      other.user.id,
      other.person.email,
      other.person.mobile,
      other.person.name,
    ]) {
      expect(text).not.toContain(theirs);
    }
    // The uploaded files, byte for byte.
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      'files/photo.png',
      expect.stringMatching(/^files\/resumes\/[0-9a-f-]{36}-cv of Seeker B\.pdf$/),
      'my-data.json',
    ]);
    const resume = files[names[1]!]!;
    expect(resume).toEqual(storage.files.get(me.resumeKey));

    // Only its owner reads it, and only for 24 hours.
    expect(await readDataExport(other.user.id, exportId, o)).toBeNull();
    expect(await readDataExport(me.user.id, 'not-an-id', o)).toBeNull();
    expect(await readDataExport(me.user.id, '-'.repeat(36), o)).toBeNull();
    const later = new Date(Date.now() + EXPORT_VALID_MS + 60_000);
    expect(await readDataExport(me.user.id, exportId, { ...o, now: later })).toBeNull();
    // Mailed once, to its owner, with the link.
    expect(mail.sent.map((m) => m.to)).toEqual([me.person.email]);
    expect(mail.sent[0]!.text).toContain(`/seeker/my-data?download=${exportId}`);
    // After its day the queue deletes it and its file.
    const key = (await db().select().from(dataExports).where(eq(dataExports.id, exportId)))[0]!
      .storageKey!;
    expect(storage.files.has(key)).toBe(true);
    expect((await processDataExports(db(), { storage, mail, now: later })).deleted).toBe(1);
    expect(storage.files.has(key)).toBe(false);
    expect(await listDataExports(me.user.id, { db: db(), now: later })).toEqual([]);
  });

  it('leaves a large account to the queue, mails it once, and allows three a day', async () => {
    const ids = await seedJobs(db());
    const storage = memoryStorage();
    const mail = capturingMail();
    const me = await seekerWithData(db(), 1, ids.open, storage, BUILD_AT_ONCE_BYTES + 1);
    const o = { db: db(), storage, mail };
    const asked = await requestDataExport(me.user.id, where, o);
    expect(asked.outcome).toBe('queued');
    const exportId = (asked as { exportId: string }).exportId;
    expect(await readDataExport(me.user.id, exportId, o)).toBeNull();
    expect((await listDataExports(me.user.id, o))[0]?.status).toBe('pending');
    expect(await processDataExports(db(), { storage, mail })).toEqual({ built: 1, deleted: 0 });
    expect(await processDataExports(db(), { storage, mail })).toEqual({ built: 0, deleted: 0 });
    expect(mail.sent).toHaveLength(1);
    const zip = await readDataExport(me.user.id, exportId, o);
    expect(Object.keys(unzipSync(zip!))).toHaveLength(3);

    expect((await requestDataExport(me.user.id, where, o)).outcome).toBe('queued');
    expect((await requestDataExport(me.user.id, where, o)).outcome).toBe('queued');
    expect((await requestDataExport(me.user.id, where, o)).outcome).toBe('tooMany');
  });
});
