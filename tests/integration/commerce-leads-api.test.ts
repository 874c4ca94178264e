/**
 * Internal leads and wrong methods, called as Astro calls them, on both backends: a lead needs a
 * name, a contact (mobile or email, by the account forms' rules) and a logged-in seeker or a
 * career service to be called back about; leads are rate-limited per client and per contact; an
 * API route asked with a method it does not take answers the envelope with 405 and Allow.
 */
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { getT, type TranslationKey } from '~/lib/i18n';
import { ensureCountries } from '~/server/db/countries';
import { internalLeads, users } from '~/server/db/schema';
import { methodNotAllowed } from '~/server/api/methods';
import * as v2 from '~/pages/api/campaign-renderer/mmw/api/private/v2/createInternalLeads';
import { backends, useFreshDb, type TestDb } from './db';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

function lead(userId: string | null, ip: string, lang: 'en' | 'hi' = 'en') {
  const site = siteByContext('rexmonster')!;
  const t = getT(lang);
  return async (body: unknown) => {
    const request = new Request(
      'http://rexmonster.localhost/api/campaign-renderer/mmw/api/private/v2/createInternalLeads',
      {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      },
    );
    const response = await v2.POST({
      request,
      url: new URL(request.url),
      params: {},
      clientAddress: ip,
      cookies: { get: () => undefined, set: () => {}, delete: () => {} },
      locals: {
        site,
        lang,
        t: (key: TranslationKey, options: Record<string, unknown> = {}) => t(key, options),
        user: userId
          ? { id: userId, name: 'Seeker', email: null, mobile: null, isdCode: null }
          : null,
      },
    } as unknown as APIContext);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      body: (await response.json()) as any,
    };
  };
}

describe.each(backends)('internal leads (%s)', (backend) => {
  const t = useFreshDb(backend);
  let previous: Promise<TestDb> | undefined;
  beforeEach(async () => {
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
    await ensureCountries(t.db);
  });
  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
  });

  it('an empty or contactless lead is refused with the field and its message, every time', async () => {
    const guest = lead(null, '203.0.113.1');
    for (let i = 0; i < 25; i++) {
      const empty = await guest({});
      expect(empty.status).toBe(422);
      expect(empty.body.errors[0]).toEqual({
        field: 'name',
        message: 'Please enter a name of 2-30 letters',
      });
    }
    const noContact = await guest({ name: 'Asha Rao', service: 'featured-profile' });
    expect(noContact.body.errors[0]).toEqual({
      field: 'mobile',
      message: 'Please enter a mobile number or an email address.',
    });
    const badEmail = await guest({ name: 'Asha Rao', email: 'asha@', service: 'featured-profile' });
    expect(badEmail.body.errors[0]).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    const badMobile = await guest({ name: 'Asha Rao', isdCode: '91', mobile: '12345' });
    expect(badMobile.body.errors[0]).toEqual({
      field: 'mobile',
      message: 'Enter a Valid Mobile Number',
    });
    const noIsd = await guest({
      name: 'Asha Rao',
      mobile: '9876543210',
      service: 'featured-profile',
    });
    expect(noIsd.body.errors[0].field).toBe('isdCode');
    const noContext = await guest({ name: 'Asha Rao', isdCode: '91', mobile: '9876543210' });
    expect([noContext.status, noContext.body.errors[0].field]).toEqual([422, 'service']);
    expect(
      (await lead(null, '203.0.113.1', 'hi')({ name: 'Asha Rao', service: 'featured-profile' }))
        .body.error,
    ).toBe('कृपया मोबाइल नंबर या ईमेल पता दर्ज करें।');
    expect(await t.db.select().from(internalLeads)).toEqual([]);
  });

  it('a guest asking about a service, or a seeker, is saved; per contact and per client they are limited', async () => {
    const [seeker] = await t.db
      .insert(users)
      .values({
        email: 'l@example.com',
        name: 'L',
        careerStage: 'fresher',
        siteContext: 'rexmonster',
      })
      .returning();
    const guest = lead(null, '203.0.113.2');
    const ok = await guest({
      name: 'Asha Rao',
      isdCode: '+91',
      mobile: '98765 43210',
      service: 'career-booster',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.leadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await lead(seeker!.id, '203.0.113.3')({ name: 'Ravi Kumar', email: 'ravi@example.com' }))
        .status,
    ).toBe(200);

    // The same number: three a day, whatever the address.
    const same = {
      name: 'Asha Rao',
      isdCode: '91',
      mobile: '9876543210',
      service: 'career-booster',
    };
    expect((await lead(null, '203.0.113.4')(same)).status).toBe(200);
    expect((await lead(null, '203.0.113.5')(same)).status).toBe(200);
    const fourth = await lead(null, '203.0.113.6')(same);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
    // One address: ten an hour, whatever the contact.
    const busy = lead(null, '203.0.113.7');
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await busy({ name: 'Asha Rao', email: `a${i}@example.com`, service: 'career-booster' }))
          .status,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
    expect(await t.db.select().from(internalLeads)).toHaveLength(14);
  });
});

describe('wrong methods on the API', () => {
  const call = (method: string, path: string, routePattern: string) =>
    methodNotAllowed({ request: new Request(`http://x${path}`, { method }), routePattern });

  it('DELETE and PUT on a career services call answer the envelope with 405 and Allow', async () => {
    const pattern = '/api/trex/career-services/api/v1/[...action]';
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      const response = (await call(method, '/api/trex/career-services/api/v1/getCart', pattern))!;
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ success: false, data: null });
    }
    expect(await call('GET', '/api/trex/career-services/api/v1/getCart', pattern)).toBeNull();
    expect(await call('HEAD', '/api/trex/career-services/api/v1/getCart', pattern)).toBeNull();
  });

  it('every API route: only the methods its file exports', async () => {
    const webhook = (await call(
      'GET',
      '/api/trex/career-services/api/v1/webhooks/stripe',
      '/api/trex/career-services/api/v1/webhooks/[gateway]',
    ))!;
    expect([webhook.status, webhook.headers.get('allow')]).toEqual([405, 'POST']);
    const leads = (await call(
      'DELETE',
      '/api/campaign-renderer/mmw/api/private/v2/createInternalLeads',
      '/api/campaign-renderer/mmw/api/private/v2/createInternalLeads',
    ))!;
    expect(leads.headers.get('allow')).toBe('POST');
    // Pages are not API routes: left to Astro.
    expect(await call('DELETE', '/career-services/cart', '/career-services/cart')).toBeNull();
  });
});
