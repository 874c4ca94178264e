import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/server/config';

describe('server config', () => {
  it('has working defaults for the embedded set-up', () => {
    // Each feature's own variables are checked with that feature; these are the core ones.
    expect(loadConfig({})).toMatchObject({
      DATABASE_URL: undefined,
      DATA_DIR: path.resolve(process.cwd(), 'data'),
      DEMO_JOBS: 5000,
      PORT: 4321,
      HOST: '0.0.0.0',
      NEW_BRAND_MARKER: undefined,
    });
  });

  it('reads and converts the variables; blank means unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/jobs',
      DATA_DIR: '/var/lib/jobs',
      DEMO_JOBS: '0',
      PORT: '8080',
      HOST: '127.0.0.1',
      NEW_BRAND_MARKER: ' dm ',
    });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://app@db:5432/jobs',
      DATA_DIR: '/var/lib/jobs',
      DEMO_JOBS: 0,
      PORT: 8080,
      NEW_BRAND_MARKER: 'dm',
    });
    expect(loadConfig({ DATABASE_URL: '  ', PORT: '' })).toMatchObject({
      DATABASE_URL: undefined,
      PORT: 4321,
    });
    expect(loadConfig({ DATA_DIR: 'tmp/x' }).DATA_DIR).toBe(path.resolve(process.cwd(), 'tmp/x'));
  });

  it("sizes the embedded database's shared buffers in MB, within bounds", () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS_MB).toBe(128);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '512' }).PGLITE_SHARED_BUFFERS_MB).toBe(512);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '8' })).toThrow(
      /PGLITE_SHARED_BUFFERS_MB="8": PGLITE_SHARED_BUFFERS_MB must be at least 16/,
    );
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '1GB' })).toThrow(
      /PGLITE_SHARED_BUFFERS_MB must be a whole number/,
    );
  });

  it('names every invalid variable in its error', () => {
    expect(() =>
      loadConfig({ PORT: '99999', DEMO_JOBS: 'many', DATABASE_URL: 'mysql://x' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '99999', DEMO_JOBS: 'many', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/PORT="99999": PORT must be at most 65535/);
      expect(message).toMatch(/DEMO_JOBS="many": DEMO_JOBS must be a whole number/);
      expect(message).toMatch(/DATABASE_URL="mysql:\/\/x": DATABASE_URL must be a postgres/);
    }
  });
});
