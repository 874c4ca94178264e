/**
 * The server log: one JSON object per line on stdout through pino (level, time, msg, and fields
 * such as reqId, route, status, ms). What a visitor typed never goes in: fields that can hold
 * personal data or secrets are censored by name, and every message and string field is scrubbed
 * of email addresses, phone numbers and codes, and token-like strings, whatever their key.
 *
 *   import { log } from '~/server/ops/logger';
 *   log.info({ reqId, route, status, ms }, 'request');
 *   log.error({ err }, 'search failed');
 *
 * LOG_LEVEL sets the level (default info; 'silent' in tests that want quiet output).
 */
import pino, { type Logger } from 'pino';

/** Keys whose values are replaced by "[redacted]" wherever they occur (one level of nesting). */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'email',
  'mobile',
  'phone',
  'otp',
  'code',
  'token',
  'cookie',
  'authorization',
  'name',
  'body',
  'query',
  'values',
];

/** Keys whose values the server makes itself (ids, route patterns): logged as they are. */
const OWN_KEYS = ['reqId', 'route', 'method', 'status', 'ms', 'pid', 'worker'];

const EMAIL_RE = /[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
// 4+ digits (OTP codes, phone numbers, with optional + and separators inside).
const DIGITS_RE = /\+?\d(?:[\d \-()]{2,}\d)/g;
// Long runs of base64url/hex (session tokens, reset links, API keys).
const TOKEN_RE = /[A-Za-z0-9_-]{24,}/g;

/** The text with emails, digit runs and token-like strings masked. */
export function scrub(text: string): string {
  return (
    text
      // Query parameters in database errors (up to the stack trace, if any).
      .replace(/\bparams: [\s\S]*?(?=\n\s+at |$)/, 'params: [redacted]')
      .replace(EMAIL_RE, '[email]')
      .replace(TOKEN_RE, '[token]')
      .replace(DIGITS_RE, (run) => (run.replace(/\D/g, '').length >= 4 ? '[number]' : run))
  );
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      type: value.name,
      message: scrub(value.message),
      ...(typeof code === 'string' ? { code } : {}),
      ...(value.stack ? { stack: scrub(value.stack) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.includes(key)) out[key] = '[redacted]';
    else if (OWN_KEYS.includes(key)) out[key] = item;
    else out[key] = scrubValue(item, depth + 1);
  }
  return out;
}

function createLogger(): Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => scrubValue(object) as Record<string, unknown>,
    },
    hooks: {
      // Messages and extra arguments are scrubbed too (pino formats them into msg).
      logMethod(args, method) {
        method.apply(this, args.map((arg) => scrubValue(arg)) as Parameters<typeof method>);
      },
    },
  });
}

// One logger per process, shared by the server bundle and scripts importing src/ directly.
const KEY = Symbol.for('jobportal.logger');
const globalRef = globalThis as typeof globalThis & { [KEY]?: Logger };

export const log: Logger = (globalRef[KEY] ??= createLogger());

/**
 * Sends console.* through the logger, so messages of code and libraries that use the console are
 * JSON lines and scrubbed like the rest. Called once at start-up by scripts/start.ts.
 */
export function routeConsoleToLog(): void {
  const write =
    (level: 'info' | 'warn' | 'error' | 'debug') =>
    (...args: unknown[]) => {
      const errors = args.filter((arg): arg is Error => arg instanceof Error);
      const text = args
        .filter((arg) => !(arg instanceof Error))
        .map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(scrubValue(arg))))
        .join(' ');
      if (errors[0]) log[level]({ err: errors[0] }, text);
      else log[level](text);
    };
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
  console.debug = write('debug');
}
