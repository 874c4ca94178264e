/**
 * The privacy domain's pages as Astro sees them: /seeker/my-data (ask for the data, its
 * download for its owner), /seeker/delete-account and the restore offer after a login.
 */
import { dayIn } from '~/lib/format/dates';
import { isolate } from '~/lib/format/bidi';
import * as v from 'valibot';
import { localizedPath } from '~/lib/sites/links';
import { OtpEntrySchema, readForm } from '~/lib/validation/account';
import { accountErrorText, logOut, translatedIssues } from '~/server/accounts/http';
import { requestVerification } from '~/server/accounts/login';
import type { SessionUser } from '~/server/accounts/sessions';
import { mailFrom } from '~/server/adapters/mail';
import { AccountError } from '~/server/errors';
import { clientIp, isHttps } from '~/server/http/request';
import { requestOrigin } from '~/server/alerts/http';
import { wakeBackgroundJob } from '~/server/background/queue';
import type { WebContext } from '~/server/http/context';
import { RESTORE_OFFER_MS, deleteAccount, offerRestore, type DeletionProof } from './closing';
import type { MailPlace } from './account-mails';
import { listDataExports, readDataExport, requestDataExport } from './export';
import { DATA_EXPORTS_JOB } from './jobs';

/** The site, language, brand and origin of this request: a mail about the account uses them. */
export function mailPlace(context: WebContext): MailPlace {
  const { site, lang, brand } = context.locals;
  return { siteContext: site.context, lang, brand: brand.id, origin: requestOrigin(context) };
}

export interface MyDataPage {
  exports: Awaited<ReturnType<typeof listDataExports>>;
  notice: string;
  alert: string;
  /** The page's HTTP status (a refusal's 4xx). */
  status: number;
}

/**
 * /seeker/my-data for the logged-in seeker: a POST asks for an export (built now and downloaded
 * at once for a small account, else queued and mailed); GET ?download=<id> answers the ZIP to
 * its owner while it is valid, 404 otherwise.
 */
export async function runMyDataPage(
  context: WebContext,
  user: SessionUser,
): Promise<MyDataPage | Response> {
  const { t, site } = context.locals;
  let notice = '';
  let alert = '';
  let status = 200;
  const download = context.url.searchParams.get('download');
  if (download !== null) {
    const bytes = await readDataExport(user.id, download);
    if (bytes) {
      // The day as the seeker's site counts it, as the page shows dates.
      const day = dayIn(new Date(), site);
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="my-data-${day}.zip"`,
          'cache-control': 'private, no-store',
        },
      });
    }
    status = 404;
    alert = t('mydata:export.gone');
  } else if (context.request.method === 'POST') {
    const result = await requestDataExport(user.id, mailPlace(context));
    if (result.outcome === 'tooMany') {
      status = 429;
      alert = t('mydata:export.tooMany');
    } else if (result.outcome === 'ready') {
      return context.redirect(`${context.url.pathname}?download=${result.exportId}`, 303);
    } else {
      wakeBackgroundJob(DATA_EXPORTS_JOB);
      notice = t('mydata:export.queued');
    }
  }
  return { exports: await listDataExports(user.id), notice, alert, status };
}

/** The restore offer's cookie: HttpOnly, for the half hour the offer stays open. */
export const RESTORE_COOKIE = 'jp_restore';

/**
 * A deleted account logged in (sign-in.ts): instead of a session, the restore offer's cookie and
 * the path of /seeker/restore-account; the login page when it can no longer be restored.
 */
export async function offerAccountRestore(context: WebContext, userId: string): Promise<string> {
  const { lang } = context.locals;
  const token = await offerRestore(userId);
  if (!token) return localizedPath(lang, '/rio/login');
  context.cookies.set(RESTORE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(context),
    path: '/',
    maxAge: RESTORE_OFFER_MS / 1000,
  });
  return localizedPath(lang, '/seeker/restore-account');
}

export function forgetRestoreOffer(context: WebContext) {
  context.cookies.delete(RESTORE_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(context),
  });
}

const DeleteForm = v.object({
  intent: v.picklist(['send-code', 'delete']),
  channel: v.optional(v.picklist(['sms', 'email']), 'sms'),
  password: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  otp: v.optional(v.string(), ''),
});

export interface DeletePage {
  /** The channel an OTP confirms by (accounts without a password), null with a password. */
  channel: 'sms' | 'email' | null;
  codeSent: boolean;
  errors: Record<string, string>;
  notice: string;
  status: number;
  /** Set once deleted: the day erasure starts (the session is gone then). */
  deletedUntil: Date | null;
}

/**
 * /seeker/delete-account's POST: 'send-code' sends an OTP to an account without a password;
 * 'delete' checks the password or the code, deletes the account and ends this session.
 */
export async function runDeletePage(context: WebContext, user: SessionUser): Promise<DeletePage> {
  const { t, site, lang } = context.locals;
  const channel: DeletePage['channel'] = user.hasPassword ? null : user.mobile ? 'sms' : 'email';
  const page: DeletePage = {
    channel,
    codeSent: false,
    errors: {},
    notice: '',
    status: 200,
    deletedUntil: null,
  };
  if (context.request.method !== 'POST') return page;
  const parsed = v.safeParse(DeleteForm, await readForm(context.request));
  if (!parsed.success) return { ...page, status: 422, errors: { '': t('mydata:delete.invalid') } };
  const form = parsed.output;
  const ip = clientIp(context);
  try {
    if (form.intent === 'send-code' && channel) {
      const sent = await requestVerification(user.id, channel, {
        ip,
        siteContext: site.context,
        t,
        from: mailFrom(site.domainName),
      });
      return {
        ...page,
        codeSent: true,
        notice: t('account:login.otpSent', {
          destination: isolate(sent.maskedDestination, lang),
        }),
      };
    }
    if (form.intent !== 'delete') {
      return { ...page, status: 422, errors: { '': t('mydata:delete.invalid') } };
    }
    let proof: DeletionProof;
    if (channel) {
      const otp = v.safeParse(OtpEntrySchema, { otp: form.otp });
      if (!otp.success) {
        const message = translatedIssues(t, otp.issues).otp ?? '';
        return { ...page, codeSent: true, status: 422, errors: { otp: message } };
      }
      proof = { otp: otp.output.otp, channel, ip };
    } else {
      if (!form.password) {
        return { ...page, status: 422, errors: { password: t('mydata:delete.passwordRequired') } };
      }
      proof = { password: form.password };
    }
    const done = await deleteAccount(user.id, proof, mailPlace(context));
    if (done === 'wrongPassword') {
      return { ...page, status: 422, errors: { password: t('mydata:delete.wrongPassword') } };
    }
    await logOut(context);
    return { ...page, deletedUntil: done.eraseAfter };
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    const field = error.field === 'otp' ? 'otp' : error.field === 'password' ? 'password' : '';
    return {
      ...page,
      codeSent: Boolean(channel),
      status: error.status,
      errors: { [field]: accountErrorText(t, error) },
    };
  }
}
