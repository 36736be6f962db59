import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The choice_sets table (decision 080): an organisation's saved product lists and rules. */
export type ChoiceSetRow = Selectable<Database['choice_sets']>;

export async function insertChoiceSet(db: Db, row: Insertable<Database['choice_sets']>): Promise<ChoiceSetRow> {
  return db.insertInto('choice_sets').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The organisation's set; another organisation's is as absent as a missing one. */
export async function findChoiceSet(db: Db, organisationId: string, id: string): Promise<ChoiceSetRow | undefined> {
  return db
    .selectFrom('choice_sets')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listChoiceSets(
  db: Db,
  organisationId: string,
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<ChoiceSetRow[]> {
  let q = db.selectFrom('choice_sets').selectAll().where('organisation_id', '=', organisationId);
  if (page.after) {
    const { createdAt, id } = page.after;
    q = q.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

export async function updateChoiceSet(
  db: Db,
  organisationId: string,
  id: string,
  set: Updateable<Database['choice_sets']>,
): Promise<ChoiceSetRow | undefined> {
  return db
    .updateTable('choice_sets')
    .set(set)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteChoiceSet(db: Db, organisationId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('choice_sets')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}
