/**
 * Server configuration: every environment variable the server reads, declared in ONE valibot
 * schema with a working default for the embedded (PGlite) set-up. Add new variables here.
 *
 * `config` is parsed lazily on first access, so importing this module never throws; a bad value
 * throws a ConfigError that names the variable and says what is expected.
 */
import path from 'node:path';
import * as v from 'valibot';

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
  /** Where the embedded database and other local state live; relative to the working directory. */
  DATA_DIR: v.pipe(
    v.optional(v.string(), 'data'),
    v.trim(),
    v.minLength(1, 'DATA_DIR must be a directory path'),
    v.transform((dir) => path.resolve(process.cwd(), dir)),
  ),
  /** Demo jobs loaded on the first start of an empty database; 0 disables demo data. */
  DEMO_JOBS: intVar('DEMO_JOBS', 5000, 0, 10_000_000),
  PORT: intVar('PORT', 4321, 1, 65535),
  HOST: v.pipe(v.optional(v.string(), '0.0.0.0'), v.trim(), v.minLength(1)),
  /** A host containing this text gets the newer brand; unset: the marker in sites/brands.json. */
  NEW_BRAND_MARKER: v.optional(v.pipe(v.string(), v.trim())),
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
