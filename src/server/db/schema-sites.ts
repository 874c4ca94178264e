/**
 * Tables of the sites: the country channels every other table points at. Filled from
 * sites/*.json at start-up (src/server/db/countries.ts).
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The country channels (SPEC §3), one row per site; filled from sites/*.json by
 * ensureCountries() at start-up, seed and import. Other tables point at site_context.
 */
export const countries = pgTable('countries', {
  /** The site's place in the country list (SPEC §3 order: India, Gulf, Hong Kong, ...). */
  id: smallint('id').primaryKey(),
  siteContext: text('site_context').notNull().unique(),
  name: text('name').notNull(),
  /** ISO 3166-1 alpha-2 of the site's main country (Gulf: AE). */
  isoCode: text('iso_code').notNull(),
});

export type Country = typeof countries.$inferSelect;
