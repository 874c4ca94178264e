/**
 * drizzle-kit configuration: `npm run db:generate` writes numbered SQL migrations to drizzle/
 * from src/server/db/schema.ts
 * (and the search partitions of schema-search-partitions.cjs). Migrations are forward-only and committed; the app applies them
 * at start-up (src/server/db/client.ts). SQL drizzle-kit can't express (functions, triggers, the
 * partitioned search index) lives in drizzle/sql/, one file per object: after changing one, run
 * `npm run db:sql -- <name>` for a migration that carries it (docs/decisions/0006-*.md).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The search_jobs partitions come from the site files: a module of their own (see it).
  schema: ['./src/server/db/schema.ts', './src/server/db/schema-search-partitions.cjs'],
  out: './drizzle',
});
