import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/database';
import { openPglite, openPostgres } from '../db/database';
import { migrate, pendingMigrations } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Db;
  }
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url, config.database.poolMax)
    : openPglite(config.database.dir);
}

/**
 * Gives the app its database, migrated. A handle passed in (tests) is used as is and left open;
 * one opened here is closed with the app.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; database?: DatabaseHandle }) => {
    const handle = opts.database ?? (await openDatabase(opts.config));
    if (!opts.database) app.addHook('onClose', () => handle.close());
    if (opts.config.migrateOnStart) {
      const applied = await migrate(handle);
      if (applied.length) app.log.info({ applied }, 'database migrated');
    } else {
      // MIGRATE=off: `npm run migrate` is the deployment's step; code that expects a schema the
      // database does not have yet would fail request by request, so it does not start at all.
      const pending = await pendingMigrations(handle);
      if (pending.length) throw new PendingMigrationsError(pending);
    }
    await handle.db
      .insertInto('app_instance')
      .values({ boot_count: 1 })
      .onConflict((oc) =>
        oc.column('singleton').doUpdateSet((eb) => ({
          boot_count: eb('app_instance.boot_count', '+', 1),
          last_boot_at: new Date(),
        })),
      )
      .execute();
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'db' },
);

export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `the database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} this code needs (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''}) and MIGRATE=off: run \`npm run migrate\` first`,
    );
    this.name = 'PendingMigrationsError';
  }
}
