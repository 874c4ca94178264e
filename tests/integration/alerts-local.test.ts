/**
 * Alert mails and bell notifications in the alert's language (decision 0039): the places the
 * portal knows in Hindi or Arabic, Hindi salaries in लाख, Arabic lists with "،". The data and the
 * links keep the English names.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { brands, siteByContext } from '../../sites';
import type { MailMessage, MailSender } from '~/server/adapters/mail';
import { setMailSender } from '~/server/adapters/mail';
import { runDueAlerts } from '~/server/alerts/delivery';
import { listNotifications } from '~/server/alerts/notifications';
import { createAlert } from '~/server/alerts/service';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, users, type NewJob } from '~/server/db/schema';
import type { Db } from '~/server/db/client';
import type { Lang } from '~/lib/sites/schema';
import type { AlertForm } from '~/lib/validation/alerts';
import { backends, useFreshDb } from './db';

const DAY = 86_400_000;

function capture(): MailSender & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: 'capture',
    sent,
    async send(message) {
      sent.push(message);
      return { id: `m${sent.length}` };
    },
  };
}

async function seedJob(
  db: Db,
  siteContext: string,
  job: Partial<NewJob> & Pick<NewJob, 'countryCode'>,
) {
  const [company] = await db
    .insert(companies)
    .values({ name: 'Kaveri Infotech', slug: `kaveri-${siteContext}`, siteContext })
    .returning();
  await db.insert(jobs).values({
    slug: 'job',
    title: 'Java Developer',
    companyId: company!.id,
    companyName: 'Kaveri Infotech',
    description: 'Build services.',
    skills: ['Java'],
    siteContext,
    postedAt: new Date(Date.now() - DAY),
    ...job,
  });
}

async function alertFor(db: Db, context: string, lang: Lang, form: Partial<AlertForm>) {
  const email = `seeker-${context}-${lang}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, siteContext: context, emailVerifiedAt: new Date() })
    .returning();
  await createAlert({
    site: siteByContext(context)!,
    lang,
    brand: brands.classic,
    origin: `http://${context}.localhost:4321`,
    user: { userId: user!.id, email, emailVerified: true },
    form: {
      keywords: 'java developer',
      location: undefined,
      experience: undefined,
      salary: '',
      industries: [],
      function: '',
      frequency: 'daily',
      name: 'Asha Rao',
      email,
      mobile: '',
      ...form,
    },
    db,
  });
  return user!.id;
}

/** The digest's job lines: the line after each job title (company · places · salary). */
const metaAfter = (text: string, title: string) =>
  text
    .split('\n')
    .map((line, i, all) => (line === title ? all[i + 1] : null))
    .filter((l): l is string => l !== null && l !== undefined);

describe.each(backends)('alert mails in Hindi and Arabic on %s', (backend) => {
  const t = useFreshDb(backend);
  let mail: ReturnType<typeof capture>;
  beforeEach(async () => {
    mail = capture();
    setMailSender(mail);
    await ensureCountries(t.db);
    return () => setMailSender(undefined);
  });

  it('India in Hindi: पुणे and ₹ 6 लाख in the digest and the bell, Pune kept in links', async () => {
    await seedJob(t.db, 'rexmonster', {
      locations: ['Pune', 'Mumbai'],
      countryCode: 'IN',
      salaryMin: 600_000,
      salaryMax: 900_000,
      salaryCurrency: 'INR',
      salaryPeriod: 'year',
    });
    const userId = await alertFor(t.db, 'rexmonster', 'hi', { location: 'Pune' });
    expect((await runDueAlerts(t.db, { mail })).mails).toBe(1);
    const digest = mail.sent.at(-1)!;
    const [meta] = metaAfter(digest.text, 'Java Developer');
    expect(meta).toBe('Kaveri Infotech · पुणे, मुंबई · ₹ 6 लाख – ₹ 9 लाख प्रति वर्ष');
    // The alert's keywords are a job word the portal names in Hindi; the link keeps them.
    expect(digest.subject).toContain('जावा डेवलपर · पुणे');
    expect(digest.text).toContain('location=Pune');
    const [bell] = await listNotifications(userId, 10, t.db);
    expect(bell?.params).toMatchObject({ label: 'जावा डेवलपर · पुणे' });
  });

  it('Gulf in Arabic: دبي، الشارقة in the digest', async () => {
    await seedJob(t.db, 'monstergulf', {
      locations: ['Dubai', 'Sharjah'],
      countryCode: 'AE',
      salaryMin: 7_000,
      salaryMax: 10_500,
      salaryCurrency: 'AED',
      salaryPeriod: 'month',
    });
    await alertFor(t.db, 'monstergulf', 'ar', { location: 'Dubai' });
    expect((await runDueAlerts(t.db, { mail })).mails).toBe(1);
    const digest = mail.sent.at(-1)!;
    const [meta] = metaAfter(digest.text, 'Java Developer');
    // Each part of the line isolated, so the Latin company name keeps its place.
    expect(meta).toBe(
      '\u2068Kaveri Infotech\u2069 · \u2068دبي، الشارقة\u2069 · \u20687,000 د.إ. – 10,500 د.إ. شهريًا\u2069',
    );
    expect(digest.subject).toContain('\u2068مطور جافا · دبي\u2069');
    expect(digest.html).toContain('dir="rtl"');
  });
});
