/**
 * What the accounts, OTP, registration-step and applications integration tests share: the sites,
 * people to register, seeded jobs and an SMS sender that keeps what it sends.
 */
import { expect } from 'vitest';
import { type Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs } from '~/server/db/schema';
import { AccountError, type AccountErrorCode } from '~/server/errors';
import type { SmsMessage, SmsSender } from '~/server/adapters/sms';
import type { RegistrationInput } from '~/lib/validation/account-mobile';
import { getT, type TranslationKey } from '~/lib/i18n';

export const SITE = 'rexmonster';
export const OTHER_SITE = 'monstergulf';
/** t as pages get it (locals.t): the brand filled in. */
export const t = (key: TranslationKey, options?: Record<string, unknown>) =>
  getT('en')(key, { brand: 'JobHarbor', ...options });
export const compose = (code: string, minutes: number) => ({
  text: `${code} is your OTP (${minutes} min)`,
  subject: `${code} is your OTP`,
});

/** An SMS sender that keeps what it was given. */
export function capturingSms(): SmsSender & { sent: SmsMessage[]; lastCode(): string } {
  const sent: SmsMessage[] = [];
  return {
    name: 'test',
    sent,
    async send(message) {
      sent.push(message);
      return { id: String(sent.length) };
    },
    lastCode() {
      return /\d{6}/.exec(sent.at(-1)?.text ?? '')?.[0] ?? '';
    },
  };
}

export async function expectAccountError(promise: Promise<unknown>, code: AccountErrorCode) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AccountError);
  expect((error as AccountError).code).toBe(code);
  return error as AccountError;
}

export const person = (n: number, extra: Partial<RegistrationInput> = {}): RegistrationInput => ({
  careerStage: 'fresher',
  name: `Seeker ${String.fromCharCode(65 + n)}`,
  email: `seeker${n}@example.com`,
  password: `secret${n}pass`,
  isdCode: '91',
  mobile: `98765432${String(n).padStart(2, '0')}`,
  ...extra,
});

/** Countries, a company and jobs: 12 open on India, one expired, one closed, one on Gulf. */
export async function seedJobs(db: Db) {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Acme', slug: 'acme', siteContext: SITE })
    .returning();
  const [gulfCompany] = await db
    .insert(companies)
    .values({ name: 'Gulf Co', slug: 'gulf-co', siteContext: OTHER_SITE })
    .returning();
  const base = {
    companyId: company!.id,
    companyName: 'Acme',
    description: 'Build things.',
    siteContext: SITE,
    countryCode: 'IN',
  };
  const open = await db
    .insert(jobs)
    .values(
      Array.from({ length: 12 }, (_, i) => ({ ...base, slug: `job-${i}`, title: `Job ${i}` })),
    )
    .returning({ id: jobs.id });
  const [expired] = await db
    .insert(jobs)
    .values({
      ...base,
      slug: 'old',
      title: 'Old job',
      expiresAt: new Date(Date.now() - 86_400_000),
    })
    .returning({ id: jobs.id });
  const [closed] = await db
    .insert(jobs)
    .values({ ...base, slug: 'closed', title: 'Closed job', status: 'closed' })
    .returning({ id: jobs.id });
  const [gulf] = await db
    .insert(jobs)
    .values({
      ...base,
      companyId: gulfCompany!.id,
      companyName: 'Gulf Co',
      siteContext: OTHER_SITE,
      countryCode: 'AE',
      slug: 'gulf',
      title: 'Gulf job',
    })
    .returning({ id: jobs.id });
  return {
    open: open.map((j) => j.id),
    expired: expired!.id,
    closed: closed!.id,
    gulf: gulf!.id,
  };
}
