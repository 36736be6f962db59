import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface QuoteRow {
  id: string;
  organisation_id: string;
  from_currency: string;
  to_currency: string;
  rate: string;
  source: string;
  created_at: Date;
  expires_at: Date;
}

/** Stores a quote that lives `seconds` from now by the database's clock, as every expiry here. */
export async function insertQuote(
  db: Db,
  quote: Omit<QuoteRow, 'id' | 'created_at' | 'expires_at'>,
  seconds: number,
): Promise<QuoteRow> {
  return db
    .insertInto('fx_quotes')
    .values({ ...quote, expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The organisation's quote, and whether it is still held; undefined for another's or none. */
export async function findQuote(
  db: Db,
  organisationId: string,
  id: string,
): Promise<(QuoteRow & { live: boolean }) | undefined> {
  return db
    .selectFrom('fx_quotes')
    .selectAll()
    .select(sql<boolean>`expires_at > now()`.as('live'))
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}
