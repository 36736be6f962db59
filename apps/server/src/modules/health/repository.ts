import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A round trip to the database that reads nothing. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** This installation's identity and how often it has started. */
export function findInstance(db: Kysely<Database>) {
  return db.selectFrom('app_instance').select(['id', 'created_at', 'boot_count']).executeTakeFirstOrThrow();
}
