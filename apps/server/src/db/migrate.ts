import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../lib/paths';
import type { DatabaseHandle } from './database';

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * Applies the numbered SQL files in apps/server/migrations that the database has not seen, each in
 * its own transaction, in order. Forward only: a file once applied is never edited.
 */
export async function migrate(handle: DatabaseHandle, dir = migrationsDir()): Promise<string[]> {
  const files = migrationFiles(dir);
  // On PostgreSQL an advisory lock on a connection of its own: when several processes start (or
  // several `npm run migrate` run) at once, one migrates and the others wait, then find nothing to do.
  return handle.withMigrationLock(async (run) => {
    await run(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await handle.db.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      const body = readFileSync(path.join(dir, file), 'utf8');
      try {
        await run(`BEGIN;\n${body}\n;\nINSERT INTO schema_migrations (version) VALUES ('${version}');\nCOMMIT;`);
      } catch (err) {
        await run('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(version);
    }
    return applied;
  });
}

function migrationFiles(dir: string): string[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of files) {
    if (!MIGRATION_FILE.test(f)) throw new Error(`Migration ${f} is misnamed: use NNNN_snake_case.sql`);
  }
  return files;
}

/**
 * The migrations in `dir` the database has not applied, without applying any (nor taking the
 * lock): what a process started with MIGRATE=off refuses to start with, and what
 * /api/health/ready reports. A database ahead of this code (the next release migrated it) has none.
 */
export async function pendingMigrations(handle: DatabaseHandle, dir = migrationsDir()): Promise<string[]> {
  const versions = migrationFiles(dir).map((f) => f.replace(/\.sql$/, ''));
  const { rows } = await handle
    .query<{ version: string }>(`SELECT version FROM schema_migrations WHERE version = ANY($1::text[])`, [versions])
    .catch((err: { code?: string }) => {
      // No table yet: nothing was ever applied.
      if (err.code === '42P01') return { rows: [] };
      throw err;
    });
  const done = new Set(rows.map((r) => r.version));
  return versions.filter((v) => !done.has(v));
}
