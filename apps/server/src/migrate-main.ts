import { type Config, ConfigError, loadConfig } from './config';
import { lockDataDir } from './db/data-lock';
import { migrate } from './db/migrate';
import { openDatabase } from './plugins/db';

/**
 * `npm run migrate`: applies the pending migrations and exits, as a deployment's own step before
 * the new release's processes start with MIGRATE=off (decision 073). Safe to run from several
 * places at once: on PostgreSQL one run migrates under an advisory lock, the others wait for it and
 * then find nothing left to do. Reads the same environment as the server (DATABASE_URL, DATA_DIR).
 */
async function main() {
  // A bad variable is reported as the server reports it (ConfigError names each one).
  const config: Config = loadConfig();
  // PGlite is one process's: a running server owns the folder, so this refuses rather than races.
  const unlock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  try {
    const handle = await openDatabase(config);
    try {
      const started = Date.now();
      const applied = await migrate(handle);
      const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
      process.stdout.write(
        applied.length
          ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${handle.location} in ${took}: ${applied.join(', ')}\n`
          : `${handle.location} is up to date: no migration to apply.\n`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    unlock();
  }
}

function fail(message: string): never {
  process.stderr.write(`Migrations not applied: ${message}\n`);
  process.exit(1);
}

main().catch((err) => fail(err instanceof ConfigError ? err.message : (err as Error).message));
