/** A refused account action on its page (login, forgot password): status, Retry-After, text. */
import { describe, expect, it } from 'vitest';
import { getT } from '~/lib/i18n';
import { answerAccountError } from '~/server/accounts/http';
import { AccountError } from '~/server/errors';

function page(lang: 'en' | 'hi') {
  return { response: { status: 200, headers: new Headers() }, locals: { t: getT(lang) } };
}

describe('answerAccountError', () => {
  it('answers a rate limit with its status, its wait as Retry-After and its text', () => {
    const p = page('en');
    const error = new AccountError('otpSendLimit', 429, {
      params: { minutes: 15 },
      retryAfterSeconds: 900,
    });
    const text = answerAccountError(p as never, error);
    expect(p.response.status).toBe(429);
    expect(p.response.headers.get('retry-after')).toBe('900');
    expect(text).toBe('Too many OTPs requested. Please try again in 15 minutes.');
  });

  it('answers a refusal without a wait with no Retry-After, in the page language', () => {
    const p = page('hi');
    const text = answerAccountError(p as never, new AccountError('invalidCredentials', 401));
    expect(p.response.status).toBe(401);
    expect(p.response.headers.has('retry-after')).toBe(false);
    expect(text).toBe(getT('hi')('account:errors.invalidCredentials'));
    expect(text).not.toBe('The email or password is not correct');
  });
});
