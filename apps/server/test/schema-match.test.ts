/**
 * The database is the Drizzle schema (docs/adr/0001-one-way-to-define-a-table.md). A fresh database migrated by the
 * committed migrations is compared, through the catalog, with a database made only from the schema files that
 * drizzle.config.ts names (drizzle-kit's own DDL for them): every declared table has every column with its type,
 * nullability and default, every index and every constraint, by name and definition, and nothing more except the
 * hand-written objects of src/db/hand-written.ts. Every other table, function and trigger must be in that list.
 * The last migration snapshot equals the schema, so `npm run db:generate` has nothing to do.
 * PGlite; PostgreSQL too when HELIO_TEST_DATABASE_URL is set (both databases are then made there).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_FILES } from '../drizzle.config.js';
import { migrationsFolder, openDatabase, serverRoot, type Database } from '../src/db/client.js';
import { HAND_WRITTEN, PARTITIONED_TABLES } from '../src/db/hand-written.js';
import { PARTITIONED } from '../src/modules/telemetry/partitions.js';

type Snapshot = ReturnType<typeof generateDrizzleJson>;

/** The files a glob of drizzle.config.ts names (`*` within a path segment: all the config uses). */
function expand(pattern: string): string[] {
  const parts = pattern.replace(/^\.\//, '').split('/');
  let found = [serverRoot()];
  parts.forEach((part, i) => {
    if (part.includes('**') || /[?[{]/.test(part)) throw new Error(`schema-match.test.ts cannot expand ${pattern}`);
    const re = new RegExp(`^${part.split('*').map((s) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    const file = i === parts.length - 1;
    found = found.flatMap((dir) =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .filter((e) => re.test(e.name) && (file ? e.isFile() : e.isDirectory()))
            .map((e) => path.join(dir, e.name))
        : [],
    );
  });
  return found;
}

const schemaFiles = [...new Set(SCHEMA_FILES.flatMap(expand))].sort();

/** Every export of every schema file, keyed by file and name (drizzle-kit picks the tables out). */
async function loadSchema(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  // A table re-exported by another schema file (schema.ts re-exports schema-logs.ts) is the same object: counted once,
  // as drizzle-kit does.
  const seen = new Set<unknown>();
  for (const file of schemaFiles) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === 'object' && value !== null && seen.has(value)) continue;
      seen.add(value);
      out[`${path.relative(serverRoot(), file)}#${name}`] = value;
    }
  }
  return out;
}

/** A fresh, empty database (PGlite in memory, or a new PostgreSQL database), migrated or not. */
async function scratch(migrate: boolean): Promise<Database & { drop(): Promise<void> }> {
  const base = process.env.HELIO_TEST_DATABASE_URL;
  if (!base) {
    const db = await openDatabase({ migrate });
    return { ...db, drop: () => db.close() };
  }
  const name = `helio_schema_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), migrate });
  return {
    ...db,
    drop: async () => {
      await db.close().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Catalog {
  /** Tables and views of `public` (partitions left out): name → relkind. */
  relations: Map<string, string>;
  /** Per table: `column x` / `index y` / `constraint z` → its definition as PostgreSQL renders it. */
  shape: Map<string, Map<string, string>>;
  functions: Set<string>;
  /** `table.trigger` */
  triggers: Set<string>;
  extensions: Set<string>;
  enums: Set<string>;
}

const PUBLIC = `n.nspname = 'public'`;

async function catalog(db: Database): Promise<Catalog> {
  const q = <T,>(text: string) => db.rows<T>(sql.raw(text));
  const relations = new Map(
    (
      await q<{ name: string; kind: string }>(
        `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE ${PUBLIC} AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition`,
      )
    ).map((r) => [r.name, r.kind]),
  );
  const shape = new Map<string, Map<string, string>>();
  const put = (table: string, key: string, value: string) => {
    if (!relations.has(table)) return;
    if (!shape.has(table)) shape.set(table, new Map());
    shape.get(table)!.set(key, value);
  };
  for (const r of await q<{ t: string; col: string; type: string; notnull: boolean; def: string | null; ident: string; gen: string }>(
    `SELECT c.relname AS t, a.attname AS col, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
            pg_get_expr(d.adbin, d.adrelid) AS def, a.attidentity AS ident, a.attgenerated AS gen
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE ${PUBLIC} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  )) {
    const extra = `${r.ident ? ` identity ${r.ident}` : ''}${r.gen ? ` generated ${r.gen}` : ''}`;
    put(r.t, `column ${r.col}`, `${r.type}${r.notnull ? ' NOT NULL' : ''}${r.def === null ? '' : ` DEFAULT ${r.def}`}${extra}`);
  }
  for (const r of await q<{ t: string; name: string; def: string }>(
    `SELECT t.relname AS t, i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace WHERE ${PUBLIC}`,
  ))
    put(r.t, `index ${r.name}`, r.def);
  for (const r of await q<{ t: string; name: string; type: string; def: string }>(
    `SELECT t.relname AS t, co.conname AS name, co.contype AS type, pg_get_constraintdef(co.oid) AS def
       FROM pg_constraint co JOIN pg_class t ON t.oid = co.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE ${PUBLIC} AND co.contype IN ('p', 'u', 'f', 'c', 'x')`,
  ))
    put(r.t, `constraint ${r.name}`, `${r.type} ${r.def}`);
  // Functions of extensions (pg_trgm installs its own in `public`) are the extension's.
  const functions = new Set(
    (
      await q<{ name: string }>(
        `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE ${PUBLIC} AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
      )
    ).map((r) => r.name),
  );
  const triggers = new Set(
    (
      await q<{ name: string }>(
        `SELECT c.relname || '.' || tg.tgname AS name FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${PUBLIC} AND NOT tg.tgisinternal AND NOT c.relispartition`,
      )
    ).map((r) => r.name),
  );
  const extensions = new Set((await q<{ name: string }>(`SELECT extname AS name FROM pg_extension WHERE extname <> 'plpgsql'`)).map((r) => r.name));
  const enums = new Set(
    (
      await q<{ name: string }>(
        `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${PUBLIC} AND t.typtype = 'e'`,
      )
    ).map((r) => r.name),
  );
  return { relations, shape, functions, triggers, extensions, enums };
}

const tableName = (key: string) => key.replace(/^public\./, '');
const handWritten = (kind: (typeof HAND_WRITTEN)[number]['kind']) => HAND_WRITTEN.filter((o) => o.kind === kind);

let declared: Snapshot;
let migrated: Catalog;
let fromSchema: Catalog;

beforeAll(async () => {
  declared = generateDrizzleJson(await loadSchema());
  const db = await scratch(true);
  try {
    migrated = await catalog(db);
  } finally {
    await db.drop();
  }
  const ref = await scratch(false);
  try {
    for (const statement of await generateMigration(generateDrizzleJson({}), declared)) await ref.db.execute(sql.raw(statement));
    fromSchema = await catalog(ref);
  } finally {
    await ref.drop();
  }
}, 300_000);

describe('the database matches the Drizzle schema', () => {
  it('reads every schema file drizzle-kit reads, each table declared once', async () => {
    const rel = schemaFiles.map((f) => path.relative(serverRoot(), f));
    expect(rel).toEqual(expect.arrayContaining(['src/db/schema.ts', 'src/db/schema-device.ts', 'src/db/schema-resource.ts']));
    const names = Object.values(await loadSchema())
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableConfig(t).name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(Object.keys(declared.tables).map(tableName).sort()).toEqual([...new Set(names)].sort());
  });

  it('the last migration snapshot is the schema: `npm run db:generate` has nothing to do', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    const file = path.join(migrationsFolder(), 'meta', `${last.tag.split('_')[0]}_snapshot.json`);
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
    expect(Object.keys(snapshot.tables).sort()).toEqual(Object.keys(declared.tables).sort());
    for (const key of Object.keys(declared.tables)) expect(snapshot.tables[key], `${key} in ${path.basename(file)}`).toEqual(declared.tables[key]);
    for (const part of ['enums', 'schemas', 'sequences', 'roles', 'policies', 'views'] as const) expect(snapshot[part] ?? {}, part).toEqual(declared[part] ?? {});
  });

  it('every declared table is in the migrated database as declared, with nothing undeclared but the hand-written', () => {
    const extraIndexes = new Set(handWritten('index').map((o) => `${o.table}.${o.name}`));
    const diffs: string[] = [];
    for (const table of Object.keys(declared.tables).map(tableName).sort()) {
      const want = fromSchema.shape.get(table);
      const have = migrated.shape.get(table);
      if (!want) throw new Error(`${table}: drizzle-kit's DDL did not create it`);
      if (!have) {
        diffs.push(`${table}: missing`);
        continue;
      }
      if (migrated.relations.get(table) !== 'r') diffs.push(`${table}: relkind ${migrated.relations.get(table)} (a Drizzle table is a plain table)`);
      for (const key of new Set([...want.keys(), ...have.keys()])) {
        if (want.get(key) === have.get(key)) continue;
        if (!want.has(key) && extraIndexes.has(`${table}.${key.replace(/^index /, '')}`)) continue;
        diffs.push(`${table} ${key}: database ${have.get(key) ?? '(none)'} | schema ${want.get(key) ?? '(none)'}`);
      }
    }
    expect(diffs).toEqual([]);
    expect([...migrated.enums].sort()).toEqual([...fromSchema.enums].sort());
  });

  it('every other table, function, trigger and extension is hand-written and listed in src/db/hand-written.ts', () => {
    const tables = new Set([...Object.keys(declared.tables).map(tableName), ...Object.keys(declared.views).map(tableName)]);
    const listed = (kind: Parameters<typeof handWritten>[0], key: (o: (typeof HAND_WRITTEN)[number]) => string = (o) => o.name) =>
      new Set(handWritten(kind).map(key));
    expect([...migrated.relations.keys()].filter((t) => !tables.has(t) && !listed('partitioned table').has(t))).toEqual([]);
    expect([...migrated.functions].filter((f) => !fromSchema.functions.has(f) && !listed('function').has(f))).toEqual([]);
    const triggers = listed('trigger', (o) => `${o.table}.${o.name}`);
    expect([...migrated.triggers].filter((t) => !fromSchema.triggers.has(t) && !triggers.has(t))).toEqual([]);
    expect([...migrated.extensions].filter((e) => !listed('extension').has(e))).toEqual([]);
    // A hand-written object is hand-written only: the schema does not declare it too.
    expect(PARTITIONED_TABLES.filter((t) => tables.has(t))).toEqual([]);
  });

  it('every hand-written object exists after the migrations; the partitioned tables are the telemetry module’s', () => {
    const missing: string[] = [];
    for (const o of HAND_WRITTEN) {
      if (o.needsExtension && !migrated.extensions.has(o.needsExtension)) continue;
      const found =
        o.kind === 'partitioned table'
          ? migrated.relations.get(o.name) === 'p'
          : o.kind === 'function'
            ? migrated.functions.has(o.name)
            : o.kind === 'trigger'
              ? migrated.triggers.has(`${o.table}.${o.name}`)
              : o.kind === 'index'
                ? migrated.shape.get(o.table!)?.has(`index ${o.name}`) === true
                : migrated.extensions.has(o.name);
      if (!found) missing.push(`${o.kind} ${o.name} (${o.migration})`);
    }
    expect(missing).toEqual([]);
    for (const o of HAND_WRITTEN) expect(fs.existsSync(path.join(migrationsFolder(), o.migration)), o.migration).toBe(true);
    expect([...PARTITIONED_TABLES].sort()).toEqual(Object.keys(PARTITIONED).sort());
  });
});
