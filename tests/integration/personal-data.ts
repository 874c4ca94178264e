/**
 * What the data export and account deletion tests share: storage and mail that keep what they
 * get, and a seeker with a row in every table that can hold something of theirs (rows written
 * directly: the point is where data can be, not how it got there).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import * as s from '~/server/db/schema';
import type { MailMessage, MailSender } from '~/server/adapters/mail';
import { ownerScope, type StorageAdapter } from '~/server/adapters/storage';
import { RATE_LIMITS, hitRateLimit } from '~/server/accounts/rate-limit';
import { registerUser } from '~/server/accounts/users';
import { applyToJobs } from '~/server/applications/service';
import { saveJob } from '~/server/applications/saved';
import { SITE, person } from './accounts-helpers';

export function memoryStorage(): StorageAdapter & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    name: 'memory',
    files,
    async put(key, bytes) {
      files.set(key, bytes.slice());
    },
    async get(key) {
      const bytes = files.get(key);
      return bytes ? new Uint8Array(bytes) : null;
    },
    async delete(key) {
      files.delete(key);
    },
    async deleteOwner(owner) {
      const scope = `${ownerScope(owner)}/`;
      for (const key of [...files.keys()]) if (key.startsWith(scope)) files.delete(key);
    },
  };
}

/** Where a test's request came from, for the mails it sends (closing, restoring an account). */
export const PLACE = {
  siteContext: SITE,
  lang: 'en',
  brand: 'classic',
  origin: 'http://rexmonster.localhost:4321',
};

export function capturingMail(): MailSender & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: 'test',
    sent,
    async send(message) {
      sent.push(message);
      return { id: String(sent.length) };
    },
  };
}

/**
 * A registered seeker (person n) with a footprint in every domain; jobIds are open jobs of SITE
 * (seedJobs). The resume file holds `resumeBytes` bytes.
 */
export async function seekerWithData(
  db: Db,
  n: number,
  jobIds: number[],
  storage: StorageAdapter,
  resumeBytes = 2000,
  p = person(n),
) {
  const user = await registerUser({ ...p, siteContext: SITE }, { db });
  const id = user.id;
  const [a, b] = jobIds as [number, number];
  const resumeKey = `users/${id}/resumes/cv-${n}.pdf`;
  await storage.put(resumeKey, new Uint8Array(resumeBytes).fill(65 + n));
  const photoKey = `users/${id}/photos/photo-${n}.png`;
  await storage.put(photoKey, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, n]));
  await db.insert(s.resumes).values({
    ownerUserId: id,
    storageKey: resumeKey,
    fileName: `cv of ${p.name}.pdf`,
    mime: 'application/pdf',
    size: resumeBytes,
    format: 'pdf',
    parseStatus: 'parsed',
    siteContext: SITE,
  });
  await db
    .update(s.seekerProfiles)
    .set({ currentLocation: `Town of ${p.name}` })
    .where(eq(s.seekerProfiles.userId, id));
  await db.insert(s.seekerEmployments).values({
    userId: id,
    designation: `Engineer ${p.name}`,
    company: `Employer of ${p.name}`,
    startDate: '2020-01-01',
  });
  await db.insert(s.seekerEducations).values({ userId: id, qualification: 'B.Tech' });
  await db.insert(s.seekerJobPreferences).values({ userId: id, skills: ['java'] });
  await db
    .insert(s.seekerNamedProfiles)
    .values({ userId: id, name: 'My profile', isDefault: true });
  await db.insert(s.seekerProfileExtras).values({
    userId: id,
    linkedinUrl: `https://linkedin.example/${n}`,
    photoId: crypto.randomUUID(),
    photoKey,
    photoMime: 'image/png',
    photoSize: 5,
  });
  await db
    .insert(s.seekerPromptStates)
    .values({ userId: id, prompt: 'employment', state: 'skipped' });
  await applyToJobs(user, [a], SITE, { db });
  await saveJob(id, b, SITE, { db });
  await db.insert(s.recentSearches).values({
    userId: id,
    siteContext: SITE,
    keywords: `search of ${p.name}`,
    dedupeKey: `k${n}`,
  });
  const [alert] = await db
    .insert(s.jobAlerts)
    .values({
      siteContext: SITE,
      origin: 'http://rexmonster.localhost',
      email: p.email,
      userId: id,
      name: `Alert of ${p.name}`,
      query: 'q=java',
      status: 'active',
      nextRunAt: new Date(),
    })
    .returning();
  // An alert made as a guest with the same address, before registering.
  await db.insert(s.jobAlerts).values({
    siteContext: SITE,
    origin: 'http://rexmonster.localhost',
    email: p.email.toUpperCase(),
    name: `Guest alert of ${p.name}`,
    query: 'q=sql',
    status: 'active',
    nextRunAt: new Date(),
  });
  const now = new Date();
  await db
    .insert(s.jobAlertDeliveries)
    .values({ alertId: alert!.id, runAt: now, since: now, until: now, status: 'sent' });
  await db.insert(s.profileEvents).values({ userId: id, kind: 'view', viewer: 'Acme' });
  await db
    .insert(s.notifications)
    .values({ userId: id, kind: 'profile_reminder', target: '/seeker/profile' });
  await db.insert(s.messagePreferences).values({ userId: id, kind: 'offers', mail: false });
  await db.insert(s.sessions).values({
    tokenHash: `session-${id}`,
    userId: id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db
    .insert(s.userIdentities)
    .values({ provider: 'facebook', subject: `fb-${n}`, userId: id });
  await db.insert(s.otpCodes).values({
    purpose: 'login',
    channel: 'sms',
    destination: `sms:${p.isdCode}:${p.mobile}`,
    userId: id,
    codeHash: 'x',
    expiresAt: now,
  });
  // Rate limits key accounts by a hash of the address, never the address itself.
  await hitRateLimit(RATE_LIMITS.loginFailuresPerAccount, p.email, { db });
  const [cart] = await db.insert(s.carts).values({ userId: id, siteContext: SITE }).returning();
  const [order] = await db
    .insert(s.orders)
    .values({
      number: `CS-2026-${String(n).padStart(8, '0')}`,
      userId: id,
      siteContext: SITE,
      currency: 'INR',
      subtotalMinor: 10000,
      payableMinor: 10000,
      status: 'paid',
      options: { notes: `call ${p.name}`, profileId: 1 },
    })
    .returning();
  await db.insert(s.orderItems).values({
    orderId: order!.id,
    sku: 'resume-writing',
    kind: 'plan',
    title: { en: 'Resume writing' },
    priceMinor: 10000,
  });
  const [attempt] = await db
    .insert(s.paymentAttempts)
    .values({
      orderId: order!.id,
      gateway: 'test',
      reference: `ref-${n}`,
      amountMinor: 10000,
      redirectUrl: 'https://pay.example/x',
      status: 'paid',
    })
    .returning();
  await db.insert(s.paymentEvents).values({
    id: `test:event-${n}`,
    attemptId: attempt!.id,
    outcome: 'paid',
    effect: 'paid',
    payload: { email: p.email, contact: p.mobile, name: p.name },
  });
  await db
    .insert(s.ecashEntries)
    .values({ userId: id, currency: 'INR', amountMinor: 500, reason: 'credit' });
  await db.insert(s.subscriptions).values({
    userId: id,
    siteContext: SITE,
    orderId: order!.id,
    sku: 'resume-writing',
    serviceSlug: 'resume-writing',
    title: { en: 'Resume writing' },
    startsAt: now,
  });
  await db.insert(s.callbackRequests).values({
    siteContext: SITE,
    userId: id,
    isdCode: p.isdCode,
    mobile: p.mobile,
    name: p.name,
  });
  await db.insert(s.internalLeads).values({
    siteContext: SITE,
    userId: id,
    data: { name: p.name, email: p.email, mobile: p.mobile },
    version: 1,
  });
  await db
    .insert(s.cartClicks)
    .values({ siteContext: SITE, userId: id, cartId: cart!.id, action: 'add' });
  await db.insert(s.trackingEvents).values({
    kind: 'user-engage',
    name: 'click',
    siteContext: SITE,
    userId: id,
    payload: { who: p.email },
  });
  await db.insert(s.pollVotes).values({
    pollId: 'poll-1',
    siteContext: SITE,
    optionId: 'a',
    voterKey: `u:${id}`,
    userId: id,
  });
  await db.insert(s.feedback).values({
    siteContext: SITE,
    userId: id,
    name: p.name,
    email: p.email,
    topic: 'other',
    message: `hello from ${p.name}`,
  });
  await db
    .insert(s.assessmentResults)
    .values({ userId: id, assessmentId: 'java', score: 5, total: 10 });
  await db.insert(s.autoApplySettings).values({ userId: id, siteContext: SITE, keywords: 'java' });
  await db.insert(s.autoApplyLog).values({ userId: id, jobId: a, runOn: '2026-01-01' });
  return { user, person: p, resumeKey, photoKey, orderId: order!.id };
}
