/**
 * Column helpers shared by the schema files (no tables here). Like the schema files, this file
 * imports nothing from the rest of the app (only the sites' table beside it): drizzle-kit loads
 * the schema on its own.
 */
import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';
import { countries } from './schema-sites';

/** A CHECK condition: the column holds one of these values. */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** A timestamp with time zone, read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** created_at and updated_at (set on every update through Drizzle). */
export const timestamps = () => ({
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** The site a row belongs to: site_context, required, one of the countries' sites. */
export const siteContextColumn = () =>
  text('site_context')
    .notNull()
    .references(() => countries.siteContext);
