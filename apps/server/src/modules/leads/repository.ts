import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export type NewLead = Insertable<Database['leads']>;

export async function insertLead(db: Db, lead: NewLead): Promise<{ id: string }> {
  return db.insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
}
