/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * logged in to an account carries a signed note saying so. Its failed logins are counted on its
 * own nonce, so failures from anywhere else never lock it out; browsers without one are the
 * "untrusted clients" the account-wide throttles apply to (users.ts, login.ts, otp.ts).
 *
 * The cookie holds up to DEVICE_ENTRIES entries `<user id>.<nonce>.<HMAC>` joined by `~` (a
 * shared family computer knows a few accounts); the HMAC key is accounts/secret.ts. A new entry
 * (new nonce) is written at every successful login, replacing the account's old one.
 */
import { randomToken } from '~/server/tokens';
import { signValue, validSignature } from './secret';

export const DEVICE_COOKIE = 'MSDEVICE';
/** How long a browser stays trusted without logging in again. */
export const DEVICE_COOKIE_DAYS = 365;
const DEVICE_ENTRIES = 5;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;

export interface DeviceEntry {
  userId: string;
  nonce: string;
}

const payload = (entry: DeviceEntry) => `device:${entry.userId}.${entry.nonce}`;
const serialize = (entries: DeviceEntry[]) =>
  entries.map((e) => `${e.userId}.${e.nonce}.${signValue(payload(e))}`).join('~');

/** The entries of a device cookie whose signature holds; anything else is ignored. */
export function readDeviceCookie(value: string | undefined | null): DeviceEntry[] {
  if (!value || value.length > 1_000) return [];
  const out: DeviceEntry[] = [];
  for (const part of value.split('~').slice(0, DEVICE_ENTRIES)) {
    const [userId = '', nonce = '', signature = ''] = part.split('.');
    if (!UUID_RE.test(userId) || !NONCE_RE.test(nonce)) continue;
    if (validSignature(payload({ userId, nonce }), signature)) out.push({ userId, nonce });
  }
  return out;
}

/** The nonce by which this browser is trusted for the account, or null (an untrusted client). */
export function deviceNonce(value: string | undefined | null, userId: string): string | null {
  return readDeviceCookie(value).find((e) => e.userId === userId)?.nonce ?? null;
}

/** The cookie's new value after a successful login of `userId`: a fresh entry first. */
export function deviceCookieAfterLogin(value: string | undefined | null, userId: string): string {
  const others = readDeviceCookie(value).filter((e) => e.userId !== userId);
  return serialize([{ userId, nonce: randomToken(18) }, ...others].slice(0, DEVICE_ENTRIES));
}
