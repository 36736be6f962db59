import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** STOP: the number gets no more texts (a second STOP keeps the first time). */
export async function optOut(db: Kysely<Database>, phone: string, keyword: string): Promise<void> {
  await db
    .insertInto('sms_opt_outs')
    .values({ phone, keyword: keyword.slice(0, 20) })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
}

/** START: the number takes texts again. */
export async function optIn(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom('sms_opt_outs').where('phone', '=', phone).execute();
}
