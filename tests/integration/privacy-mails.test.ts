/**
 * The mails of a closed and a restored account, on both databases: each is sent once, in the
 * language and brand of the request that closed or restored the account, with the day erasure
 * starts; a second closing or a second restore sends nothing; a mail the mail server refused, or
 * whose sender died after the change was saved, is sent once by the queue; two senders racing
 * send it once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { formatDate } from '~/lib/format/dates';
import * as s from '~/server/db/schema';
import type { MailSender } from '~/server/adapters/mail';
import { queueAccountMail, sendDueAccountMails } from '~/server/privacy/account-mails';
import { deleteAccount, offerRestore, restoreAccount } from '~/server/privacy/closing';
import { backends, useFreshDb } from './db';
import { registerUser } from '~/server/accounts/users';
import { ensureCountries } from '~/server/db/countries';
import { SITE, person } from './accounts-helpers';
import { PLACE, capturingMail } from './personal-data';

const MINUTE = 60_000;
const refusing: MailSender = {
  name: 'refusing',
  async send() {
    throw new Error('421 try again later');
  },
};

describe.each(backends)('account mails on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  async function seeker() {
    await ensureCountries(db());
    const p = person(1);
    return { person: p, user: await registerUser({ ...p, siteContext: SITE }, { db: db() }) };
  }

  it('mails the closing and the restoring once each, in the language of the request', async () => {
    const me = await seeker();
    const mail = capturingMail();
    const now = new Date('2026-03-02T06:00:00Z');
    const o = { db: db(), mail, now };
    const done = await deleteAccount(
      me.user.id,
      { password: me.person.password },
      { ...PLACE, lang: 'ar' },
      o,
    );
    expect(done).not.toBe('wrongPassword');
    const eraseAfter = (done as { eraseAfter: Date }).eraseAfter;
    expect(mail.sent).toHaveLength(1);
    const closed = mail.sent[0]!;
    expect(closed.to).toBe(me.person.email);
    expect(closed.subject).toBe('تم حذف حسابك في JobHarbor');
    const day = formatDate(eraseAfter, 'ar', siteByContext(PLACE.siteContext)!);
    expect(closed.text).toContain(`سجّل الدخول قبل ${day} لاستعادته`);
    expect(closed.text).toContain(`${PLACE.origin}/ar/rio/login`);
    expect(closed.html).toContain('dir="rtl"');

    // Deleting again changes nothing and mails nothing; nothing is left for the queue.
    await deleteAccount(me.user.id, { password: me.person.password }, PLACE, o);
    expect(await sendDueAccountMails(db(), o)).toBe(0);
    expect(mail.sent).toHaveLength(1);

    const token = (await offerRestore(me.user.id, o))!;
    const both = await Promise.all([
      restoreAccount(token, { ...PLACE, lang: 'hi' }, o),
      restoreAccount(token, { ...PLACE, lang: 'hi' }, o),
    ]);
    expect(both.filter(Boolean)).toEqual([me.user.id]);
    expect(mail.sent.map((m) => m.subject)).toEqual([
      'تم حذف حسابك في JobHarbor',
      'आपका JobHarbor खाता वापस आ गया है',
    ]);
    expect(mail.sent[1]!.text).toContain(`${PLACE.origin}/hi/seeker/dashboard`);
    expect(await sendDueAccountMails(db(), o)).toBe(0);
  });

  it('sends once later a mail the mail server refused, or whose sender died', async () => {
    const me = await seeker();
    const now = new Date('2026-03-02T06:00:00Z');
    // Refused: the account is closed all the same, and the mail waits for the queue.
    await deleteAccount(me.user.id, { password: me.person.password }, PLACE, {
      db: db(),
      mail: refusing,
      now,
    });
    expect(
      (await db().select().from(s.users).where(eq(s.users.id, me.user.id)))[0]?.closedAt,
    ).not.toBeNull();
    const mail = capturingMail();
    expect(await sendDueAccountMails(db(), { mail, now })).toBe(1);
    expect(await sendDueAccountMails(db(), { mail, now })).toBe(0);
    expect(mail.sent.map((m) => m.subject)).toEqual(['Your JobHarbor account is deleted']);

    // The process died after the change was saved, before sending: the queue sends it.
    const id = await db().transaction((tx) => queueAccountMail(tx, me.user.id, 'restored', PLACE));
    // A sender that took it and died: left alone for a while, then taken over, once.
    await db().update(s.accountMails).set({ claimedAt: now }).where(eq(s.accountMails.id, id));
    expect(await sendDueAccountMails(db(), { mail, now: new Date(+now + MINUTE) })).toBe(0);
    const later = new Date(+now + 11 * MINUTE);
    const racing = await Promise.all([
      sendDueAccountMails(db(), { mail, now: later }),
      sendDueAccountMails(db(), { mail, now: later }),
    ]);
    expect(racing[0]! + racing[1]!).toBe(1);
    expect(mail.sent.map((m) => m.subject)).toEqual([
      'Your JobHarbor account is deleted',
      'Your JobHarbor account is restored',
    ]);
  });
});
