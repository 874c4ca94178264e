/**
 * drizzle-kit configuration: `npm run db:generate` writes numbered SQL migrations to drizzle/
 * from src/server/db/schema.ts. Migrations are forward-only and committed; the app applies them
 * at start-up (src/server/db/client.ts). For SQL drizzle-kit can't express, add a custom one:
 * `npm run db:generate -- --custom --name=what_it_does`, then write the SQL into the new file.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
