// `npm run generate:db-types` (or `generate:db-schema`: one migrated database makes all three) writes
// what the migrations make, read from a PGlite database migrated with the app's own migrator:
// - apps/server/src/db/generated.ts: kysely-codegen's table types, as the database states them;
// - apps/server/src/db/schema.ts: the same narrowed by scripts/db-column-types.ts, the `Database` the
//   app uses (db/schema-matches.ts checks the narrowing against generated.ts);
// - apps/server/src/db/schema.sql: tables, indexes, functions and triggers (scripts/db-schema-sql.ts).
// `--verify` (run by `npm run check`) fails when a committed file differs from what would be written.
// The database is PGlite in memory, in this process, so the check needs nothing running (decision 018).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { generate, PostgresDialect, type PostprocessFunction } from 'kysely-codegen';
import { openPglite } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { columns, imports, tables } from './db-column-types';
import { schemaSql } from './db-schema-sql';

const verify = process.argv.includes('--verify');
// `--dir <folder>` reads or writes the three files there instead (the test verifies an altered copy).
const dirAt = process.argv.indexOf('--dir');
const DB_DIR = path.resolve(
  dirAt > 0 ? (process.argv[dirAt + 1] ?? '') : path.join(import.meta.dirname, '../apps/server/src/db'),
);

// pg-boss keeps its own schema; schema_migrations is the migrator's, but the app reads it (health).
const EXCLUDE = 'pgboss.*';

/**
 * A text column whose CHECK lists its values (`CHECK (col = ANY (ARRAY['a'::text, …]))`) gets them
 * as a literal union, so a migration that changes the list changes the type with no hand edit.
 */
async function checkedValues(db: Kysely<unknown>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; def: string }>`
    SELECT c.conrelid::regclass::text AS table, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = 'public' AND c.contype = 'c'
  `.execute(db);
  const values = new Map<string, string[]>();
  for (const { table, def } of rows) {
    const m = /^CHECK \(\(("?)(\w+)\1 = ANY \(ARRAY\[((?:'[^']*'::text(?:, )?)+)\]\)\)\)$/.exec(def);
    if (m?.[2] && m[3])
      values.set(
        `${table}.${m[2]}`,
        [...m[3].matchAll(/'([^']*)'::text/g)].map((v) => v[1] ?? ''),
      );
  }
  return values;
}

/** Columns of a primary or foreign key: a bigint one is an identifier, carried as text. */
async function keyColumns(db: Kysely<unknown>): Promise<Set<string>> {
  const { rows } = await sql<{ key: string }>`
    SELECT DISTINCT c.conrelid::regclass::text || '.' || a.attname AS key
    FROM pg_constraint c
    JOIN pg_namespace n ON n.oid = c.connamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE n.nspname = 'public' AND c.contype IN ('p', 'f')
  `.execute(db);
  return new Set(rows.map((r) => r.key));
}

function postprocess(values: Map<string, string[]>, narrow?: { keys: Set<string> }): PostprocessFunction {
  return async ({ metadata }) => {
    for (const table of metadata.tables) {
      for (const column of table.columns) {
        const key = `${table.name}.${column.name}`;
        const listed = values.get(key);
        if (listed && column.dataType === 'text') column.enumValues = listed;
        if (!narrow) continue;
        if (column.dataType === 'int8' && narrow.keys.has(key)) column.dataType = 'text';
        const doc = columns[key]?.doc;
        if (doc) column.comment = doc;
      }
    }
    return metadata;
  };
}

/** Every entry of the override map names a column the migrations made, or the map is stale. */
function unknownOverrides(known: Set<string>): string[] {
  return [...Object.keys(columns).filter((k) => !known.has(k)), ...Object.keys(tables).filter((t) => !known.has(t))];
}

/** kysely-codegen has no table comments: each table's note goes above its interface. */
function withTableDocs(text: string): string {
  let out = text;
  for (const [table, doc] of Object.entries(tables)) {
    const name = new RegExp(`^  ${table}: (\\w+);$`, 'm').exec(out)?.[1];
    if (!name) throw new Error(`no interface for table ${table}`);
    out = out.replace(`\nexport interface ${name} {`, `\n/**\n * ${doc}\n */\nexport interface ${name} {`);
  }
  return out;
}

const handle = await openPglite();
try {
  await migrate(handle);
  const db = handle.db as unknown as Kysely<unknown>;
  const values = await checkedValues(db);
  const options = {
    db: handle.db,
    // int8 and numeric come back as strings in this app (see the type parsers in db/database.ts).
    dialect: new PostgresDialect({ numericParser: 'string' }),
    // bytea is a Buffer from node-postgres but a plain Uint8Array from PGlite: Uint8Array is both.
    typeMapping: { bytea: 'Uint8Array' },
    excludePattern: EXCLUDE,
    outFile: null,
    print: false,
  } as const;
  const raw = await generate({ ...options, postprocess: postprocess(values) });
  const narrowed = await generate({
    ...options,
    // The app's own conventions, so that most columns need no entry in the override map.
    typeMapping: {
      ...options.typeMapping,
      timestamptz: 'Date',
      int8: 'ColumnType<string, number, number>',
      numeric: 'string',
      // A `date` is read as a Date by both drivers, written and compared as 'YYYY-MM-DD'.
      date: 'ColumnType<Date, string, string>',
    },
    overrides: {
      columns: Object.fromEntries(Object.entries(columns).flatMap(([k, c]) => (c.type ? [[k, c.type]] : []))),
    },
    customImports: imports,
    postprocess: postprocess(values, { keys: await keyColumns(db) }),
  });

  const known = new Set<string>();
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns WHERE table_schema = 'public'
  `.execute(db);
  for (const r of rows) known.add(r.table).add(`${r.table}.${r.column}`);
  const stale = unknownOverrides(known);
  if (stale.length > 0)
    throw new Error(`scripts/db-column-types.ts names what the database lacks: ${stale.join(', ')}`);

  const files: Record<string, string> = {
    'generated.ts': `// Generated by \`npm run generate:db-types\` from the migrations. Do not edit.\n${raw}`,
    'schema.ts': `// Generated by \`npm run generate:db-types\` from the migrations and scripts/db-column-types.ts. Do not edit.\n${withTableDocs(narrowed)}\n/** Kysely's view of our tables: what the migrations make, narrowed where the code knows more. */\nexport type Database = DB;\n`,
    'schema.sql': await schemaSql(db),
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(DB_DIR, name);
    if (!verify) {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
      continue;
    }
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {}
    if (committed !== text) {
      console.error(
        `${path.relative(process.cwd(), file)} is not what the migrations make: run \`npm run generate:db-types\` and commit it.`,
      );
      process.exitCode = 1;
    }
  }
} finally {
  await handle.close();
}
