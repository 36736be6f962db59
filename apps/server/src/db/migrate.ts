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
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of files) {
    if (!MIGRATION_FILE.test(f)) throw new Error(`Migration ${f} is misnamed: use NNNN_snake_case.sql`);
  }
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
