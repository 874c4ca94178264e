/**
 * The countries reference table mirrors sites/*.json (SPEC §3 country list, ids 1-9). It is
 * upserted at start-up, before seeding and before imports, so rows that point at a site context
 * always have their country.
 */
import { sql } from 'drizzle-orm';
import { sites } from '../../../sites';
import type { Queryable } from './client';
import { countries } from './schema';

export async function ensureCountries(db: Queryable): Promise<number> {
  const rows = sites.map((site) => ({
    id: site.country.id,
    siteContext: site.context,
    name: site.country.name,
    isoCode: site.country.isoCode,
  }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.id,
      set: {
        siteContext: sql`excluded.site_context`,
        name: sql`excluded.name`,
        isoCode: sql`excluded.iso_code`,
      },
    });
  return rows.length;
}
