/**
 * The mails that tell a seeker their account was closed (deleted, in its 14 days of grace) or
 * restored (decision 0089). Each is a row of account_mails written in the closing's or the
 * restoring's own transaction, so a mail exists exactly when the change does; it is sent right
 * after the transaction, and the queue sends what a sender could not (a mail server that refused,
 * a process that died): a sender claims the row first, and a claim older than CLAIM_MS is taken
 * over, so a mail goes once, or again only when its sender died between sending and marking it.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { formatDate } from '~/lib/format/dates';
import { getMailSender, mailFrom, type MailSender } from '~/server/adapters/mail';
import { getAccount } from '~/server/accounts/users';
import { alertContext } from '~/server/alerts/context';
import { render } from '~/server/alerts/mails';
import type { Queryable } from '~/server/db/client';
import { accountMails, type AccountMail, type AccountMailKind } from '~/server/db/schema-privacy';

/** A sender that took a mail this long ago and did not finish has died: another takes it. */
const CLAIM_MS = 10 * 60_000;

/** Where the request that closed or restored the account came from: the mail's site and words. */
export interface MailPlace {
  siteContext: string;
  lang: string;
  brand: string;
  origin: string;
}

export interface AccountMailOptions {
  now?: Date;
  mail?: MailSender;
}

/** Writes the mail (in the caller's transaction); its id, for sending once that commits. */
export async function queueAccountMail(
  tx: Queryable,
  userId: string,
  kind: AccountMailKind,
  place: MailPlace,
  eraseAfter: Date | null = null,
): Promise<string> {
  const [row] = await tx
    .insert(accountMails)
    .values({ userId, kind, ...place, eraseAfter })
    .returning({ id: accountMails.id });
  return row!.id;
}

const claimable = (now: Date) =>
  and(
    isNull(accountMails.sentAt),
    or(
      isNull(accountMails.claimedAt),
      lt(accountMails.claimedAt, new Date(now.getTime() - CLAIM_MS)),
    ),
  );

/** Sends one mail unless another sender has it or it went; true when it went now. */
export async function sendAccountMail(
  db: Queryable,
  id: string,
  options: AccountMailOptions = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const [row] = await db
    .update(accountMails)
    .set({ claimedAt: now })
    .where(and(eq(accountMails.id, id), claimable(now)))
    .returning();
  if (!row) return false;
  try {
    const account = await getAccount(row.userId, { db });
    // An account without an address gets no mail: nothing to retry.
    if (account?.email) {
      await (options.mail ?? getMailSender()).send({
        to: account.email,
        from: mailFrom(alertContext(row).site.domainName),
        siteContext: row.siteContext,
        ...accountMailMessage(row, account.name),
      });
    }
    await db.update(accountMails).set({ sentAt: new Date() }).where(eq(accountMails.id, id));
    return Boolean(account?.email);
  } catch (error) {
    // Given back: the queue's next run tries again.
    await db.update(accountMails).set({ claimedAt: null }).where(eq(accountMails.id, id));
    console.error(
      '[privacy] account mail not sent:',
      error instanceof Error ? error.message : error,
    );
    return false;
  }
}

/** The queue's work: mails written but not sent (a refused mail, a sender that died). */
export async function sendDueAccountMails(
  db: Queryable,
  options: AccountMailOptions = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: accountMails.id })
    .from(accountMails)
    .where(claimable(now))
    .orderBy(accountMails.createdAt)
    .limit(20);
  let sent = 0;
  for (const { id } of due) if (await sendAccountMail(db, id, options)) sent += 1;
  return sent;
}

/** The subject, text and HTML of a closed or restored mail, in the request's language. */
export function accountMailMessage(row: AccountMail, name: string | null) {
  const ctx = alertContext(row);
  const t = ctx.t;
  const greeting = name ? [t('alerts:mail.hello', { name })] : [];
  const date = row.eraseAfter ? formatDate(row.eraseAfter, ctx.lang, ctx.site) : '';
  const { html, text } =
    row.kind === 'closed'
      ? render(ctx, {
          heading: t('mydata:closedMail.heading'),
          paragraphs: [
            ...greeting,
            t('mydata:closedMail.text'),
            t('mydata:closedMail.restore', { date }),
            t('mydata:closedMail.notYou'),
          ],
          button: { label: t('mydata:closedMail.button'), href: ctx.link('/rio/login') },
          footer: [],
        })
      : render(ctx, {
          heading: t('mydata:restoredMail.heading'),
          paragraphs: [...greeting, t('mydata:restoredMail.text')],
          button: { label: t('mydata:restoredMail.button'), href: ctx.link('/seeker/dashboard') },
          footer: [],
        });
  const subject =
    row.kind === 'closed' ? t('mydata:closedMail.subject') : t('mydata:restoredMail.subject');
  return { subject, text, html };
}
