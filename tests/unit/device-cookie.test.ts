/** Device cookies (accounts/device.ts) and the device names of the sessions list (lib/auth). */
import { describe, expect, it } from 'vitest';
import { deviceCookieAfterLogin, deviceNonce, readDeviceCookie } from '~/server/accounts/device';
import { describeUserAgent } from '~/lib/auth/user-agent';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('device cookie', () => {
  it('trusts the browser for the accounts that logged in there, each with a fresh nonce', () => {
    const first = deviceCookieAfterLogin(undefined, A);
    const both = deviceCookieAfterLogin(first, B);
    expect(deviceNonce(both, A)).toBe(deviceNonce(first, A));
    expect(deviceNonce(both, B)).not.toBeNull();
    const again = deviceCookieAfterLogin(both, A);
    expect(deviceNonce(again, A)).not.toBe(deviceNonce(both, A));
    expect(readDeviceCookie(again).map((e) => e.userId)).toEqual([A, B]);
  });

  it('ignores entries whose signature does not hold', () => {
    const cookie = deviceCookieAfterLogin(undefined, A);
    const [userId, nonce, signature] = cookie.split('.');
    expect(deviceNonce(`${B}.${nonce}.${signature}`, B)).toBeNull();
    expect(deviceNonce(`${userId}.${nonce}x.${signature}`, A)).toBeNull();
    expect(deviceNonce(`${userId}.${nonce}.`, A)).toBeNull();
    expect(deviceNonce('garbage', A)).toBeNull();
    expect(deviceNonce('x'.repeat(5_000), A)).toBeNull();
    expect(deviceNonce(undefined, A)).toBeNull();
  });

  it('keeps at most five accounts, the newest first', () => {
    let cookie = '';
    const ids = Array.from({ length: 7 }, (_, i) => `${i}0000000-0000-4000-8000-000000000000`);
    for (const id of ids) cookie = deviceCookieAfterLogin(cookie, id);
    expect(readDeviceCookie(cookie).map((e) => e.userId)).toEqual(ids.slice(2).reverse());
  });
});

describe('device names', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox',
      'macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
  ])('%s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });

  it('says nothing of what it does not know', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});
