/**
 * The state of the mobile + OTP forms (components/account/MobileOtpForms.astro) on a page that
 * posts back to itself, login and forgot-password alike: which step shows, the values typed and
 * the messages by field, and the parsing of their two intents (send-otp, verify-otp). Kept in one
 * place so that both pages treat a bad number or a bad code the same way.
 */
import * as v from 'valibot';
import { otpLoginSchema, otpRequestSchema } from '~/lib/validation/account-mobile';
import { preselectedIsd } from '~/lib/validation/mobile';
import { translatedIssues } from './http';

export interface MobileOtpState {
  /** start: the number (Send OTP); otp-entry: the code sent to it. */
  mode: 'start' | 'otp-entry';
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The page that posts back to itself (its Astro global): its answer's status and its locals. */
interface Page {
  response: { status?: number };
  locals: Pick<App.Locals, 't' | 'site'>;
}

/** Before any post: the number step, with the site's own ISD code chosen. */
export function freshMobileOtpState(isdCodes: readonly string[]): MobileOtpState {
  return { mode: 'start', values: { isdCode: preselectedIsd(isdCodes) }, errors: {} };
}

/**
 * A send-otp post: the number it carries, kept in the state's values; or null with its messages
 * in the state and the answer 422.
 */
export function parseOtpRequest(page: Page, state: MobileOtpState, form: Record<string, string>) {
  const parsed = v.safeParse(otpRequestSchema(page.locals.site.isdCodes), form);
  if (!parsed.success) {
    state.errors = translatedIssues(page.locals.t, parsed.issues);
    page.response.status = 422;
    return null;
  }
  state.values = { ...state.values, ...parsed.output };
  return parsed.output;
}

/**
 * A verify-otp post: the number and the code; or null with its messages in the state and the
 * answer 422. The code entry stays open, unless the number itself is bad.
 */
export function parseOtpEntry(page: Page, state: MobileOtpState, form: Record<string, string>) {
  state.mode = 'otp-entry';
  const parsed = v.safeParse(otpLoginSchema(page.locals.site.isdCodes), form);
  if (!parsed.success) {
    state.errors = translatedIssues(page.locals.t, parsed.issues);
    // A bad number means the hidden fields were tampered with: start over.
    if (state.errors.mobile || state.errors.isdCode) state.mode = 'start';
    page.response.status = 422;
    return null;
  }
  return parsed.output;
}
