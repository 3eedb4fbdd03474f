import { defineConfig } from 'drizzle-kit';

/**
 * Every table is declared in a Drizzle schema file and reaches the database through `npm run db:generate`
 * (docs/adr/0001-one-way-to-define-a-table.md): the shared ones in src/db, the kernel's, and each module's own
 * `<module>.tables.ts`, found by these globs (a new module's tables need no edit here). What Drizzle cannot express is
 * hand-written SQL in a migration, listed in src/db/hand-written.ts. test/schema-match.test.ts reads this list too.
 */
export const SCHEMA_FILES = ['./src/db/schema*.ts', './src/kernel/*.tables.ts', './src/modules/*/*.tables.ts'];

export default defineConfig({
  dialect: 'postgresql',
  schema: SCHEMA_FILES,
  out: './drizzle',
});
