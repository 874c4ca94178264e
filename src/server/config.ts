/**
 * Server configuration: every environment variable the server reads, declared in ONE valibot
 * schema with a working default for the embedded (PGlite) set-up. Add new variables here.
 *
 * `config` is parsed lazily on first access, so importing this module never throws; a bad value
 * throws a ConfigError that names the variable and says what is expected.
 */
import path from 'node:path';
import proxyaddr from 'proxy-addr';
import * as v from 'valibot';
import { defaultSite, sites } from '../../sites';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Unset and empty variables are the same thing (an empty line in a .env file). */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A whole number in [min, max] given as text, with a default when unset. */
const intVar = (name: string, fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.regex(/^\d+$/, `${name} must be a whole number (${min}-${max})`),
    v.transform(Number),
    v.number(),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** true/false, 1/0, yes/no given as text; the default when unset. */
const boolVar = (name: string, fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.toLowerCase(),
    v.picklist(['true', 'false', '1', '0', 'yes', 'no'], `${name} must be true or false`),
    v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
  );

function compilesAsProxyList(entries: string[]): boolean {
  try {
    proxyaddr.compile(entries);
    return true;
  } catch {
    return false;
  }
}

/** TRUST_PROXY: true/false as boolVar, or a list of proxy addresses, CIDRs and proxy-addr's names. */
const trustProxyVar = () =>
  v.pipe(
    v.optional(v.string(), 'false'),
    v.trim(),
    v.transform((s): boolean | string[] => {
      const lower = s.toLowerCase();
      if (['true', '1', 'yes'].includes(lower)) return true;
      if (['false', '0', 'no', ''].includes(lower)) return false;
      return s.split(',').map((entry) => entry.trim());
    }),
    v.check(
      (value) => typeof value === 'boolean' || compilesAsProxyList(value),
      'TRUST_PROXY must be true, false, or proxy addresses/CIDRs/loopback separated by commas',
    ),
  );

/** An http(s) base URL without a trailing slash. */
const baseUrlVar = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.trim(),
    v.regex(/^https?:\/\/\S+$/, `${name} must be an http:// or https:// URL`),
    v.transform((s) => s.replace(/\/+$/, '')),
  );

const optionalText = () => v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));

/** site=value pairs, comma-separated (<key>=G-AB12CD34EF,...); site keys of sites/*.json. */
const perSiteVar = (name: string, value: RegExp, what: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        new RegExp(`^[a-z]+=${value.source}(\\s*,\\s*[a-z]+=${value.source})*$`),
        `${name} must be site=${what} pairs separated by commas, e.g. ${defaultSite.key}=${what}`,
      ),
      v.transform((s) =>
        Object.fromEntries(s.split(',').map((pair) => pair.trim().split('=') as [string, string])),
      ),
    ),
  );

/** The keys of the sites whose file names this gateway, comma-separated. */
const sitesPayingThrough = (gateway: 'razorpay' | 'stripe') =>
  sites
    .filter((site) => site.paymentGateway === gateway)
    .map((site) => site.key)
    .join(',');

export const ConfigSchema = v.object({
  /** postgres://user:pass@host:port/db — unset: the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        'DATABASE_URL must be a postgres:// or postgresql:// URL, or unset for the embedded database',
      ),
    ),
  ),
  /**
   * A streaming read replica of DATABASE_URL: search, SEO pages, sitemaps, job pages and
   * autosuggest read from it; everything else, and a visitor's reads right after a change, from
   * the primary. Unreachable replica: reads fall back to the primary.
   */
  DATABASE_REPLICA_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        'DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL',
      ),
    ),
  ),
  /**
   * A direct connection to the primary, when DATABASE_URL goes through a pooler in transaction
   * mode (PgBouncer): what needs a session of its own uses it (LISTEN for page changes, the
   * migration lock, the background queue). Unset: DATABASE_URL. See docs/operations.md.
   */
  DATABASE_DIRECT_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        'DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL',
      ),
    ),
  ),
  /**
   * Shared caches in front (Varnish with xkey): the response header that names a cached page's
   * tags (`xkey`), and the caches' addresses the background worker sends a PURGE with those tags
   * to whenever the pages' rows change (comma-separated). Unset: no header, no purges.
   */
  CDN_TAG_HEADER: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z][\w-]*$/, 'CDN_TAG_HEADER must be a header name'),
    ),
  ),
  CDN_PURGE_URLS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) =>
        s
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      ),
      v.array(
        v.pipe(v.string(), v.url('CDN_PURGE_URLS must be http:// addresses, comma-separated')),
      ),
    ),
  ),
  /** Connections per server process to PostgreSQL (each of primary and replica). */
  DATABASE_POOL_SIZE: intVar('DATABASE_POOL_SIZE', 10, 1, 1000),
  /** Where the embedded database and other local state live; relative to the working directory. */
  DATA_DIR: v.pipe(
    v.optional(v.string(), 'data'),
    v.trim(),
    v.minLength(1, 'DATA_DIR must be a directory path'),
    v.transform((dir) => path.resolve(process.cwd(), dir)),
  ),
  /**
   * Shared buffers of the embedded database (PGlite), in MB. Blocks outside them are read through
   * the file system, much more slowly than PostgreSQL reads its own: size them to hold the search
   * tables of a big database (docs/operations.md). Each MB is resident from the start.
   */
  PGLITE_SHARED_BUFFERS_MB: intVar('PGLITE_SHARED_BUFFERS_MB', 128, 16, 2048),
  /** Demo jobs loaded on the first start of an empty database; 0 disables demo data. */
  DEMO_JOBS: intVar('DEMO_JOBS', 5000, 0, 10_000_000),
  /**
   * Memory for cached public pages in each server process, in MB (stored compressed); 0 turns
   * the page cache off (pages are rendered for every request, as `npm run bench -- pages` compares).
   */
  PAGE_CACHE_MB: intVar('PAGE_CACHE_MB', 64, 0, 65_536),
  /**
   * Cached pages answered by the server before the Astro pipeline, from the same stored bytes and
   * headers (scripts/http/fast-pages.ts). false: the pipeline answers them (to compare, or rule
   * it out).
   */
  PAGE_FAST_PATH: boolVar('PAGE_FAST_PATH', true),
  /**
   * Requests the pipeline renders at once per process (scripts/http/admission.ts); the others
   * wait their turn in order. 0: no admission queue (every request starts at once).
   */
  ADMISSION_CONCURRENCY: intVar('ADMISSION_CONCURRENCY', 4, 0, 1_000),
  /** How long a request may wait for its turn before it is answered 503 with Retry-After. */
  ADMISSION_WAIT_MS: intVar('ADMISSION_WAIT_MS', 400, 1, 60_000),
  PORT: intVar('PORT', 4321, 1, 65535),
  HOST: v.pipe(v.optional(v.string(), '0.0.0.0'), v.trim(), v.minLength(1)),
  /**
   * Server processes on PORT (node:cluster). Unset: the number of CPU cores with DATABASE_URL,
   * 1 with the embedded database (which only one process may open; more is refused).
   */
  WORKERS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'WORKERS must be a whole number (1-256)'),
      v.transform(Number),
      v.number(),
      v.minValue(1, 'WORKERS must be at least 1'),
      v.maxValue(256, 'WORKERS must be at most 256'),
    ),
  ),
  /** Least important log lines written (JSON on stdout); 'silent' writes none. */
  LOG_LEVEL: v.pipe(
    v.optional(v.string(), 'info'),
    v.trim(),
    v.toLowerCase(),
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ),
  ),
  /** On SIGTERM: how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: intVar('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
  /**
   * Bearer token for /metrics. Unset: /metrics answers only clients on this machine (loopback),
   * e.g. a Prometheus agent on the host; set it when Prometheus scrapes from elsewhere.
   */
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters')),
  ),
  /** A host containing this text gets the newer brand; unset: the marker in sites/brands.json. */
  NEW_BRAND_MARKER: v.optional(v.pipe(v.string(), v.trim())),

  // --- accounts (src/server/accounts) -------------------------------------------------------
  /** How long a login lasts without use, in days (the session slides while it is used). */
  SESSION_DAYS: intVar('SESSION_DAYS', 30, 1, 365),
  /**
   * Key of the HMAC that signs device cookies (browsers that logged in before, see
   * accounts/device.ts). Unset: a random key kept in DATA_DIR/accounts-secret (set it when several
   * servers share one database, or a browser is trusted by one server only).
   */
  ACCOUNTS_SECRET: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(32, 'ACCOUNTS_SECRET must be at least 32 characters')),
  ),
  /**
   * Which peers are our own proxies (src/server/http/client-address.ts): false (none: clients reach
   * the server directly), true (the nearest hop only), or addresses, CIDRs and the names
   * loopback, linklocal, uniquelocal, comma-separated. Only a trusted peer's X-Forwarded-For,
   * X-Forwarded-Proto and X-Request-Id count; the client is the right-most untrusted address.
   */
  TRUST_PROXY: trustProxyVar(),
  /** Facebook login: the button shows only when the app id and secret are both set. */
  FACEBOOK_APP_ID: optionalText(),
  FACEBOOK_APP_SECRET: optionalText(),
  /** Facebook's login dialog and Graph API; overridable for tests against a local fake. */
  FACEBOOK_DIALOG_URL: baseUrlVar(
    'FACEBOOK_DIALOG_URL',
    'https://www.facebook.com/v19.0/dialog/oauth',
  ),
  FACEBOOK_GRAPH_URL: baseUrlVar('FACEBOOK_GRAPH_URL', 'https://graph.facebook.com/v19.0'),

  // --- adapters (src/server/adapters) -------------------------------------------------------
  /** SMS through Twilio when the account SID is set; otherwise the outbox in DATA_DIR/outbox. */
  TWILIO_ACCOUNT_SID: optionalText(),
  TWILIO_AUTH_TOKEN: optionalText(),
  /** Sender: a Twilio phone number (+E.164) or a messaging service SID (MG...). */
  TWILIO_FROM: optionalText(),
  TWILIO_API_URL: baseUrlVar('TWILIO_API_URL', 'https://api.twilio.com'),
  /** Mail through SMTP when set (smtp://user:pass@host:587 or smtps://...:465); else the outbox. */
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL'),
    ),
  ),
  /** From address of mail; unset: no-reply@<the site's domain name>. */
  MAIL_FROM: optionalText(),
  /** Staff address for payment alerts (a second capture refunded, a refund that failed). */
  OPS_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email('OPS_EMAIL must be an email address')),
  ),

  // --- resumes (src/server/resumes, src/server/adapters/storage) ----------------------------
  /** Where uploaded files are kept (the disk storage); unset: DATA_DIR/uploads. */
  UPLOADS_DIR: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'UPLOADS_DIR must be a directory path'),
      v.transform((dir) => path.resolve(process.cwd(), dir)),
    ),
  ),
  // --- analytics (src/components/chrome/AnalyticsTag.astro) ---------------------------------
  /** GA4 measurement ids per site; a site without one loads no Google script. */
  ANALYTICS_GA4_IDS: perSiteVar('ANALYTICS_GA4_IDS', /G-[A-Z0-9]{4,16}/, 'G-XXXXXXX'),
  /** Matomo base URL (https://stats.example.com/) for the sites of ANALYTICS_MATOMO_SITE_IDS. */
  ANALYTICS_MATOMO_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^https:\/\/\S+$/, 'ANALYTICS_MATOMO_URL must be an https:// URL'),
      v.transform((s) => s.replace(/\/*$/, '/')),
    ),
  ),
  /** Matomo site ids per site (<key>=1,<key>=2); used only with ANALYTICS_MATOMO_URL. */
  ANALYTICS_MATOMO_SITE_IDS: perSiteVar('ANALYTICS_MATOMO_SITE_IDS', /\d{1,6}/, '1'),

  /** Resume uploads allowed from one client address per hour (guests and users alike). */
  RESUME_UPLOADS_PER_HOUR: intVar('RESUME_UPLOADS_PER_HOUR', 30, 1, 100_000),

  // --- commerce (src/server/commerce, src/server/adapters/payments) -------------------------
  /**
   * Signs guest cart cookies and the test gateway's callbacks; unset: a random secret kept in
   * DATA_DIR/commerce-secret (set it when several servers share one database).
   */
  COMMERCE_SECRET: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(32, 'COMMERCE_SECRET must be at least 32 characters')),
  ),
  /** Offer the built-in test gateway where no real gateway is configured (turn off in production). */
  PAYMENT_TEST_GATEWAY: boolVar('PAYMENT_TEST_GATEWAY', true),
  /** Razorpay: used for the sites in RAZORPAY_SITES when the key id and secret are set. */
  RAZORPAY_KEY_ID: optionalText(),
  RAZORPAY_KEY_SECRET: optionalText(),
  RAZORPAY_WEBHOOK_SECRET: optionalText(),
  /** Default: the sites whose site file's paymentGateway is razorpay. */
  RAZORPAY_SITES: v.pipe(v.optional(v.string(), sitesPayingThrough('razorpay')), v.trim()),
  RAZORPAY_API_URL: baseUrlVar('RAZORPAY_API_URL', 'https://api.razorpay.com'),
  /** Stripe: used for the sites in STRIPE_SITES when the secret key is set. */
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  /** Default: the sites whose site file's paymentGateway is stripe. */
  STRIPE_SITES: v.pipe(v.optional(v.string(), sitesPayingThrough('stripe')), v.trim()),
  STRIPE_API_URL: baseUrlVar('STRIPE_API_URL', 'https://api.stripe.com'),

  // --- alerts (src/server/alerts) -----------------------------------------------------------
  /**
   * Key of the HMAC that signs alert confirmation and unsubscribe links (at least 32 characters).
   * Unset: a random key kept in DATA_DIR/alerts-secret (fine for one server; set it when several
   * servers or workers share a database, or their links won't verify on each other).
   */
  ALERTS_SECRET: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(32, 'ALERTS_SECRET must be at least 32 characters')),
  ),
  /**
   * `npm start` runs the background worker (alerts, housekeeping) inside each server process;
   * false when `npm run worker` runs apart. ALERTS_IN_PROCESS is its older name (false also counts).
   */
  WORKER_IN_PROCESS: boolVar('WORKER_IN_PROCESS', true),
  ALERTS_IN_PROCESS: boolVar('ALERTS_IN_PROCESS', true),
  /**
   * Bearer token the employer system sends to POST /api/internal/profile-events (recruiters'
   * profile views and search appearances). Unset: the endpoint refuses every call.
   */
  PROFILE_EVENTS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(24, 'PROFILE_EVENTS_TOKEN must be at least 24 characters'),
    ),
  ),
  /** How often (seconds) the worker looks for due alerts. */
  ALERTS_CHECK_SECONDS: intVar('ALERTS_CHECK_SECONDS', 60, 5, 86_400),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

const KEYS = Object.keys(ConfigSchema.entries) as (keyof Config)[];

/** Parses an environment (process.env by default); throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, unknown> = {};
  for (const key of KEYS) input[key] = blankToUndefined(env[key]);
  const result = v.safeParse(ConfigSchema, input);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const key = v.getDotPath(issue) ?? '(environment)';
    return `  - ${key}=${JSON.stringify(input[key] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration in environment variables:\n${problems.join('\n')}`);
}

let cached: Config | undefined;

/** The parsed configuration, read from process.env on first use. */
export const config: Readonly<Config> = new Proxy({} as Config, {
  get(_target, key) {
    cached ??= loadConfig();
    return cached[key as keyof Config];
  },
  has(_target, key) {
    return KEYS.includes(key as keyof Config);
  },
  ownKeys() {
    return KEYS;
  },
  getOwnPropertyDescriptor(_target, key) {
    if (!KEYS.includes(key as keyof Config)) return undefined;
    cached ??= loadConfig();
    return { enumerable: true, configurable: true, value: cached[key as keyof Config] };
  },
});

/** Forgets the parsed configuration, so the next access re-reads process.env (tests, scripts). */
export function resetConfig(): void {
  cached = undefined;
}

/**
 * The PostgreSQL address for work that needs a session of its own (LISTEN, the migration lock,
 * the queue): DATABASE_DIRECT_URL past a transaction-mode pooler, else DATABASE_URL.
 */
export function sessionDatabaseUrl(): string | undefined {
  return config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
}
