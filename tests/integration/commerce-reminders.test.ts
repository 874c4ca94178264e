/**
 * Abandoned carts get exactly one reminder mail after 24 hours (none before, none twice, again
 * only after the cart changes); call-back requests are stored and rate-limited per number.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, useFreshDb } from './db';
import { siteByKey } from '../../sites';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { callbackRequests, carts, users } from '~/server/db/schema';
import { setMailSender, type MailMessage } from '~/server/adapters/mail';
import { addToCart, mergeGuestCarts } from '~/server/commerce/cart';
import { requestCallback } from '~/server/commerce/leads';
import { sendCartReminders } from '~/server/commerce/reminders';

const india = siteByKey('india')!;
const gulf = siteByKey('gulf')!;
const HOUR = 3_600_000;

async function user(db: Db, siteContext = india.context) {
  await ensureCountries(db);
  const [row] = await db
    .insert(users)
    .values({
      email: 'asha@example.com',
      name: 'Asha',
      careerStage: 'fresher',
      siteContext,
    })
    .returning();
  return row!.id;
}

describe.each(backends)('cart reminders and call-backs (%s)', (backend) => {
  const t = useFreshDb(backend);
  afterEach(() => setMailSender(undefined));

  it('one reminder after 24 hours, through the mail adapter, never twice', async () => {
    const sent: MailMessage[] = [];
    setMailSender({ name: 'test', send: async (m) => (sent.push(m), { id: String(sent.length) }) });
    const id = await user(t.db);
    await addToCart(t.db, { userId: id }, india, ['resume-writing/senior']);
    await addToCart(t.db, { guestHash: 'a'.repeat(64) }, india, ['resume-writing/senior']);
    const now = new Date();
    expect(await sendCartReminders(t.db, new Date(now.getTime() + 23 * HOUR))).toBe(0);
    expect(await sendCartReminders(t.db, new Date(now.getTime() + 25 * HOUR))).toBe(1);
    expect(await sendCartReminders(t.db, new Date(now.getTime() + 26 * HOUR))).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'asha@example.com',
      subject: 'Your career services are waiting in your cart',
    });
    expect(sent[0]!.text).toContain('Resume Writing (Senior (8+ years))');
    // A changed cart may be reminded again, a day after the change.
    await addToCart(t.db, { userId: id }, india, ['addon/cover-letter']);
    expect(await sendCartReminders(t.db, new Date(Date.now() + 25 * HOUR))).toBe(1);
  });

  it('speaks the language and brand of the site where the cart was filled', async () => {
    const sent: MailMessage[] = [];
    setMailSender({ name: 'test', send: async (m) => (sent.push(m), { id: String(sent.length) }) });
    const id = await user(t.db, gulf.context);
    await addToCart(t.db, { userId: id }, gulf, ['featured-profile/6-months'], {
      lang: 'ar',
      brand: 'dm',
    });
    expect(await sendCartReminders(t.db, new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('خدماتك المهنية بانتظارك في سلتك');
    expect(sent[0]!.text).toContain('تركت هذه العناصر في سلتك على Workora');
    expect(sent[0]!.text).toContain('https://www.workora.ae/ar/career-services/cart');
    expect(sent[0]!.text).not.toContain('JobHarbor');

    // Filled again in Hindi on the classic brand: the next reminder follows.
    await addToCart(t.db, { userId: id }, gulf, ['addon/cover-letter'], {
      lang: 'hi',
      brand: 'classic',
    });
    expect(await sendCartReminders(t.db, new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(sent[1]!.subject).toBe('आपकी करियर सेवाएँ आपके कार्ट में इंतज़ार कर रही हैं');
    expect(sent[1]!.text).toContain('https://www.jobharbor.ae/hi/career-services/cart');
  });

  it('keeps the language a guest filled the cart in when they log in', async () => {
    const sent: MailMessage[] = [];
    setMailSender({ name: 'test', send: async (m) => (sent.push(m), { id: String(sent.length) }) });
    const id = await user(t.db, gulf.context);
    const guest = { guestHash: 'b'.repeat(64) };
    await addToCart(t.db, guest, gulf, ['featured-profile/6-months'], { lang: 'ar', brand: 'dm' });
    await mergeGuestCarts(t.db, guest.guestHash, id);
    expect(await sendCartReminders(t.db, new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(sent[0]!.subject).toBe('خدماتك المهنية بانتظارك في سلتك');
  });

  it('a mail the adapter refuses is tried again on the next run', async () => {
    const id = await user(t.db);
    await addToCart(t.db, { userId: id }, india, ['featured-profile/3-months']);
    setMailSender({ name: 'down', send: async () => Promise.reject(new Error('smtp down')) });
    const later = new Date(Date.now() + 25 * HOUR);
    expect(await sendCartReminders(t.db, later)).toBe(0);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, id));
    expect(cart!.remindedAt).toBeNull();
    setMailSender({ name: 'up', send: async () => ({ id: '1' }) });
    expect(await sendCartReminders(t.db, later)).toBe(1);
  });

  it('stores call-back requests and refuses the 4th for one number within a day', async () => {
    const input = { siteContext: india.context, userId: null, isdCode: '91', mobile: '9876543210' };
    for (let i = 0; i < 3; i++)
      expect((await requestCallback(t.db, input, `10.0.0.${i}`)).allowed).toBe(true);
    const refused = await requestCallback(t.db, input, '10.0.0.9');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await t.db.select().from(callbackRequests)).toHaveLength(3);
  });
});
