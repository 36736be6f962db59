import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { QUEUE_SCHEMA } from '../src/plugins/queue';

/**
 * A migrated database with pg-boss's schema installed, made once per test run (global-setup.ts)
 * and copied for each test app: on PGlite a dump of its data folder (loading one skips initdb,
 * which is most of a fresh in-memory PGlite's start), on PostgreSQL a template database for
 * `CREATE DATABASE … TEMPLATE`. The migrations themselves are tested from empty databases
 * (src/db/migrate.test.ts); everything else starts from this copy (decision 036).
 *
 * On PGlite the empty databases are copies too: the same cluster dumped right after its initdb,
 * before anything is written to it (6.6 CPU-seconds for a fresh in-memory PGlite, 2.3-2.7 for
 * loading that dump; decision 100).
 */

async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrate(handle);
  // supervise/schedule off: nothing runs; start() only installs (or checks) the schema.
  const boss = new PgBoss({ ...handle.bossOptions, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/**
 * Writes two dumps of one PGlite data folder to files of their own: `empty` as initdb left it,
 * then `file` once migrated; returns their paths.
 */
export async function makePgliteTemplate(): Promise<{ file: string; empty: string; remove: () => void }> {
  const handle = await openPglite();
  const stem = path.join(os.tmpdir(), `giftrelay-test-template-${process.pid}-${Date.now()}`);
  const dumpTo = async (file: string) => {
    const dump = await handle.dumpDataDir?.();
    if (!dump) throw new Error('PGlite handle cannot dump its data folder');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  try {
    const empty = await dumpTo(`${stem}-empty.tar`);
    await prepare(handle);
    const file = await dumpTo(`${stem}.tar`);
    return {
      file,
      empty,
      remove: () => {
        rmSync(file, { force: true });
        rmSync(empty, { force: true });
      },
    };
  } finally {
    await handle.close();
  }
}

/** Creates a migrated template database on the server at `adminUrl`; returns its name. */
export async function makePostgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `gr_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 2);
  try {
    await prepare(handle);
  } finally {
    // A template must have no session open while it is copied.
    await handle.close();
  }
  return { name, drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) };
}
