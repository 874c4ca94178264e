/**
 * Mobile numbers by country (decision 0037), on both databases: seekers register on the Gulf,
 * Singapore, Hong Kong and Malaysia sites with their local mobiles as they type them, log in by
 * OTP with the number typed nationally (the SMS goes to the E.164 number), numbers stored before
 * E.164 are still found and rewritten by the migration, and a call-back request with a local
 * number is kept in E.164.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteByKey } from '../../sites';
import { getT } from '~/lib/i18n';
import { otpRequestSchema, registrationSchema } from '~/lib/validation/account-mobile';
import { ensureCountries } from '~/server/db/countries';
import { callbackRequests, users } from '~/server/db/schema';
import { findUserByMobile, registerUser } from '~/server/accounts/users';
import { loginWithOtp, requestLoginOtp } from '~/server/accounts/login';
import { outboxSmsSender } from '~/server/adapters/sms';
import { outboxDir, readOutbox } from '~/server/adapters/outbox';
import * as careerServices from '~/pages/api/trex/career-services/api/v1/[...action]';
import { backends, useFreshDb, type TestDb } from './db';
import { capturingSms, person, t } from './accounts-helpers';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

const site = (key: string) => {
  const found = siteByKey(key);
  if (!found) throw new Error(`no site ${key}`);
  return found;
};

/** [site, ISD code chosen, mobile as typed, E.164 kept] */
const LOCAL_SEEKERS: [string, string, string, string][] = [
  ['gulf', '971', '050 123 4567', '+971501234567'],
  ['gulf', '966', '055 123 4567', '+966551234567'],
  ['singapore', '65', '9123 4567', '+6591234567'],
  ['hongkong', '852', '5123-4567', '+85251234567'],
  ['malaysia', '60', '012-345 6789', '+60123456789'],
];

describe.each(backends)('mobile numbers by country on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;
  beforeEach(async () => ensureCountries(db()));

  it.each(LOCAL_SEEKERS)(
    '%s: registers with +%s %s, kept as %s',
    async (key, isdCode, typed, e164) => {
      const { isdCodes, context } = site(key);
      const input = v.parse(registrationSchema(isdCodes), {
        ...person(1),
        isdCode,
        mobile: typed,
      });
      const user = await registerUser({ ...input, siteContext: context }, { db: db() });
      expect(user).toMatchObject({ isdCode, mobile: e164 });
      // The same number typed another way is the same account.
      const again = v.parse(registrationSchema(isdCodes), {
        ...person(2),
        isdCode,
        mobile: e164,
      });
      await expect(
        registerUser({ ...again, siteContext: context }, { db: db() }),
      ).rejects.toMatchObject({ code: 'mobileTaken' });
    },
  );

  it('logs in by OTP with the number typed nationally; the SMS goes to E.164', async () => {
    const gulf = site('gulf');
    const form = (mobile: string) =>
      v.parse(otpRequestSchema(gulf.isdCodes), { isdCode: '971', mobile });
    const registered = await registerUser(
      { ...person(1), ...form('+971 50 123 4567'), siteContext: gulf.context },
      { db: db() },
    );
    const sms = capturingSms();
    const context = { ip: '198.51.100.70', siteContext: gulf.context, t };
    const target = { channel: 'sms' as const, ...form('(050) 123-4567') };
    const sent = await requestLoginOtp(target, context, { db: db(), sms });
    expect(sms.sent.map((m) => m.to)).toEqual(['+971501234567']);
    expect(sent.maskedDestination).toBe('+971 50••••567');
    const user = await loginWithOtp(target, sms.lastCode(), { ip: context.ip }, { db: db() });
    expect(user.id).toBe(registered.id);
    const verified = await findUserByMobile('971', '+971501234567', { db: db() });
    expect(verified?.mobileVerifiedAt).not.toBeNull();
  });

  it('finds the one Gulf account of a number whichever listed code is picked', async () => {
    const gulf = site('gulf');
    // A UAE seeker, and a Saudi one whose number differs from the UAE one's national digits.
    const uae = await registerUser(
      { ...person(1), isdCode: '971', mobile: '+971501234567', siteContext: gulf.context },
      { db: db() },
    );
    const sms = capturingSms();
    const context = { ip: '198.51.100.72', siteContext: gulf.context, t, isdCodes: gulf.isdCodes };
    // 050 123 4567 under the SPEC's default Gulf code, +966, is a valid Saudi mobile: no account
    // has it, so the same digits are tried under the other listed codes.
    const picked = {
      channel: 'sms' as const,
      ...v.parse(otpRequestSchema(gulf.isdCodes), { isdCode: '966', mobile: '050 123 4567' }),
    };
    expect(picked.mobile).toBe('+966501234567');
    const sent = await requestLoginOtp(picked, context, { db: db(), sms });
    expect(sms.sent.map((m) => m.to)).toEqual(['+971501234567']);
    expect(sent.target).toEqual({ channel: 'sms', isdCode: '971', mobile: '+971501234567' });
    // The code is checked against the account's own number whichever code comes back with it.
    const user = await loginWithOtp(picked, sms.lastCode(), context, { db: db() });
    expect(user.id).toBe(uae.id);
    // Without the site's codes (another caller), nothing is guessed.
    await expect(
      requestLoginOtp(picked, { ...context, isdCodes: undefined }, { db: db(), sms }),
    ).rejects.toMatchObject({ code: 'noAccountForMobile' });
    // The same with eight digits: 5512 3456 is a Qatari and a Kuwaiti mobile.
    const kuwait = await registerUser(
      { ...person(2), isdCode: '965', mobile: '+96555123456', siteContext: gulf.context },
      { db: db() },
    );
    const qatar = {
      channel: 'sms' as const,
      ...v.parse(otpRequestSchema(gulf.isdCodes), { isdCode: '974', mobile: '5512 3456' }),
    };
    await requestLoginOtp(qatar, context, { db: db(), sms });
    expect(sms.sent.at(-1)?.to).toBe('+96555123456');
    expect((await loginWithOtp(qatar, sms.lastCode(), context, { db: db() })).id).toBe(kuwait.id);
  });

  it('writes the OTP SMS to the outbox with the E.164 number', async () => {
    const hk = site('hongkong');
    await registerUser(
      { ...person(1), isdCode: '852', mobile: '+85251234567', siteContext: hk.context },
      { db: db() },
    );
    const target = {
      channel: 'sms' as const,
      ...v.parse(otpRequestSchema(hk.isdCodes), { isdCode: '852', mobile: '5123 4567' }),
    };
    const context = { ip: '198.51.100.71', siteContext: hk.context, t };
    const before = new Set((await readOutbox('sms')).map((m) => m.id));
    await requestLoginOtp(target, context, { db: db(), sms: outboxSmsSender });
    const written = (await readOutbox<{ to: string; siteContext: string }>('sms')).filter(
      (m) => !before.has(m.id) && m.siteContext === hk.context,
    );
    try {
      expect(written.map((m) => m.to)).toEqual(['+85251234567']);
    } finally {
      for (const m of written) await rm(path.join(outboxDir('sms'), `${m.id}.json`));
    }
  });

  it('finds numbers stored before E.164, and the migration rewrites them', async () => {
    // Rows as the portal wrote them before: national digits beside the ISD code.
    await db()
      .insert(users)
      .values([
        {
          email: 'old@example.com',
          mobile: '9876543210',
          isdCode: '91',
          siteContext: 'rexmonster',
        },
        { email: 'ph@example.com', mobile: '9171234567', isdCode: '63', siteContext: 'rexmonster' },
      ]);
    const typed = v.parse(otpRequestSchema(['91']), { isdCode: '91', mobile: '98765 43210' });
    expect((await findUserByMobile(typed.isdCode, typed.mobile, { db: db() }))?.email).toBe(
      'old@example.com',
    );
    const sms = capturingSms();
    await requestLoginOtp(
      { channel: 'sms', ...typed },
      { ip: '198.51.100.72', siteContext: 'rexmonster', t },
      { db: db(), sms },
    );
    expect(sms.sent[0]?.to).toBe('+919876543210');

    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../drizzle/0004_mobile_e164.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db().execute(sql.raw(statement));
    }
    const rows = await db()
      .select({ email: users.email, mobile: users.mobile })
      .from(users)
      .orderBy(users.email);
    expect(rows).toEqual([
      { email: 'old@example.com', mobile: '+919876543210' },
      { email: 'ph@example.com', mobile: '+639171234567' },
    ]);
    const ph = v.parse(otpRequestSchema(['63']), { isdCode: '63', mobile: '0917 123 4567' });
    expect((await findUserByMobile(ph.isdCode, ph.mobile, { db: db() }))?.email).toBe(
      'ph@example.com',
    );
  });

  describe('call-back request', () => {
    let previous: Promise<TestDb> | undefined;
    beforeEach(() => {
      previous = (globalThis as G)[DB_KEY];
      (globalThis as G)[DB_KEY] = Promise.resolve(t$.handle);
    });
    afterEach(() => {
      (globalThis as G)[DB_KEY] = previous;
    });

    const callBack = async (key: string, body: unknown) => {
      const s = site(key);
      const request = new Request(
        `http://${s.context}.localhost/api/trex/career-services/api/v1/callback`,
        {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        },
      );
      const en = getT('en');
      const response = await careerServices.POST({
        request,
        url: new URL(request.url),
        params: { action: 'callback' },
        cookies: { get: () => undefined, set: () => {}, delete: () => {} },
        locals: {
          site: s,
          lang: 'en',
          brand: { localeSuffix: '', name: 'JobHarbor' },
          t: en,
          user: null,
        },
      } as unknown as APIContext);
      return { status: response.status, body: (await response.json()) as { errors?: unknown[] } };
    };

    it('takes a local number and keeps it in E.164', async () => {
      expect((await callBack('singapore', { isdCode: '65', mobile: '9123 4567' })).status).toBe(
        200,
      );
      expect((await callBack('gulf', { isdCode: '+974', mobile: '3312 3456' })).status).toBe(200);
      const landline = await callBack('singapore', { isdCode: '65', mobile: '6123 4567' });
      expect(landline.status).toBe(422);
      expect(landline.body.errors).toEqual([
        { field: 'mobile', message: 'Enter a Valid Mobile Number' },
      ]);
      const rows = await db()
        .select({ isdCode: callbackRequests.isdCode, mobile: callbackRequests.mobile })
        .from(callbackRequests)
        .orderBy(callbackRequests.mobile);
      expect(rows).toEqual([
        { isdCode: '65', mobile: '+6591234567' },
        { isdCode: '974', mobile: '+97433123456' },
      ]);
      expect(
        await db().select().from(callbackRequests).where(eq(callbackRequests.isdCode, '91')),
      ).toEqual([]);
    });
  });
});
