/**
 * Writes src/lib/validation/phone-metadata.json: libphonenumber-js's `mobile` metadata cut down
 * to the dialling codes the sites offer (sites/*.json isdCodes), so the browser's mobile check
 * runs the same rule as the server with ~10 kB of metadata instead of ~95 kB; with it, the codes
 * whose site file asks for SPEC §5's rule (`country.mobileRule`). Run it after
 * upgrading libphonenumber-js or adding a code to a site (tests/unit/mobile.test.ts fails until
 * then):
 *
 *   npm run phone:metadata
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import mobileMetadata from 'libphonenumber-js/mobile/metadata';
import type { MetadataJson } from 'libphonenumber-js/core';
import { sites } from '../sites/index';

/** The metadata of `codes` only (every country sharing a code comes with it). */
export function sliceMetadata(full: MetadataJson, codes: readonly string[]): MetadataJson {
  const callingCodes: Record<string, string[]> = {};
  const countries: Record<string, unknown> = {};
  for (const code of [...new Set(codes)].sort()) {
    const list = full.country_calling_codes[code];
    if (!list) throw new Error(`libphonenumber-js has no country for +${code}`);
    callingCodes[code] = list;
    for (const country of list) countries[country] = full.countries[country as 'IN'];
  }
  return {
    version: full.version,
    country_calling_codes: callingCodes,
    countries,
  } as unknown as MetadataJson;
}

/** The metadata, and the dialling codes whose site file gives them SPEC §5's rule instead. */
export type SitesMetadata = MetadataJson & { spec5_codes: string[] };

/** The slice for the sites as configured now. */
export function sitesMetadata(): SitesMetadata {
  return {
    ...sliceMetadata(
      mobileMetadata as unknown as MetadataJson,
      sites.flatMap((s) => s.isdCodes),
    ),
    spec5_codes: sites
      .filter((s) => s.country.mobileRule === 'spec5')
      .map((s) => s.country.defaultCountryCode),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const out = path.resolve(import.meta.dirname, '../src/lib/validation/phone-metadata.json');
  writeFileSync(out, `${JSON.stringify(sitesMetadata())}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
