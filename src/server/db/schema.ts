/**
 * The Drizzle schema: every table of the app, one file per owning domain. Migrations in drizzle/
 * are generated from it with `npm run db:generate`; what drizzle-kit cannot express (extensions,
 * the partitioning of the search index, the functions and triggers that keep it) lives in
 * drizzle/sql/, one file per object, and reaches the database through migrations made by
 * `npm run db:sql` (see docs/decisions/0006-baseline-migration-and-sql-files.md).
 *
 * Services import tables from here; a domain only touches its own tables (docs/architecture.md).
 * Keep these files free of imports from the rest of the app (only src/lib files that import
 * nothing, by relative path): drizzle-kit loads them on its own.
 */

// Each domain keeps its own tables in a file of its own.
export * from './schema-sites';
export * from './schema-jobs';
export * from './schema-accounts';
export * from './schema-applications';
export * from './schema-search';
export * from './schema-resumes';
export * from './schema-profiles';
export * from './schema-commerce';
export * from './schema-payments';
export * from './schema-chrome';
export * from './schema-alerts';
export * from './schema-privacy';
