/**
 * Signed alert links: `<alert id>.<HMAC-SHA256 of purpose and id>`, base64url. They need no login
 * (a mail's reader proves they got the mail) and can't be made for another alert without the key.
 * The key is ALERTS_SECRET, else a random one kept in DATA_DIR/alerts-secret (created once).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '~/server/config';

/**
 * confirm, unsubscribe, replace: what a mail's link may do; manage: a guest's alert page (edit,
 * pause, delete) without a login; status: the success page names the alert's address without
 * putting it in the URL.
 */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'replace' | 'manage' | 'status';

let cachedKey: { dataDir: string; key: string } | undefined;

function secret(): string {
  if (config.ALERTS_SECRET) return config.ALERTS_SECRET;
  if (cachedKey?.dataDir === config.DATA_DIR) return cachedKey.key;
  const file = path.join(config.DATA_DIR, 'alerts-secret');
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch {
    key = '';
  }
  if (key.length < 32) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    key = randomBytes(32).toString('base64url');
    try {
      // 'wx': when two processes race, the first file wins and both read it back.
      writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      key = readFileSync(file, 'utf8').trim();
    }
  }
  cachedKey = { dataDir: config.DATA_DIR, key };
  return key;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sign = (purpose: TokenPurpose, id: string) =>
  createHmac('sha256', secret()).update(`${purpose}:${id}`).digest('base64url');

export function alertToken(purpose: TokenPurpose, alertId: string): string {
  return `${alertId}.${sign(purpose, alertId)}`;
}

/** The alert id a token was signed for, or null when it is malformed or forged. */
export function readAlertToken(purpose: TokenPurpose, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.indexOf('.');
  const id = token.slice(0, dot).toLowerCase();
  if (dot < 0 || !UUID_RE.test(id)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(purpose, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
