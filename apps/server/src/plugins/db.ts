import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/database';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';

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
    const applied = await migrate(handle);
    if (applied.length) app.log.info({ applied }, 'database migrated');
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
