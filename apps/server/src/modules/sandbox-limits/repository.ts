import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

/** Today's UTC date, as the database sees it (every process agrees on the day). */
const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * Serialises the organisation's reservations until the transaction ends, so two at once cannot
 * both take the last places (on PostgreSQL across processes; PGlite has one connection anyway):
 * locks its count's row (migration 0150), which an order's statement updates as it reserves
 * (order-statement-ctes.ts), starting the count again on a new day.
 */
export async function lockOrganisationRecipients(tx: Transaction<Database>, organisationId: string, cap: number) {
  await sql`
    INSERT INTO sandbox_recipient_counts AS c (organisation_id, day, used, cap)
    VALUES (${organisationId}, ${TODAY}, 0, ${cap})
    ON CONFLICT (organisation_id) DO UPDATE
    SET used = CASE WHEN c.day = excluded.day THEN c.used ELSE 0 END, day = excluded.day`.execute(tx);
}

/** Of `emails` (lower-case), those that are no member's address in the organisation. */
export async function outsideAddresses(tx: Tx, organisationId: string, emails: string[]): Promise<string[]> {
  const members = await tx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(sql<string>`lower(u.email)`.as('email'))
    .where('m.organisation_id', '=', organisationId)
    .where(sql<boolean>`lower(u.email) = ANY(${emails}::text[])`)
    .execute();
  const inside = new Set(members.map((m) => m.email));
  return emails.filter((e) => !inside.has(e));
}

/** Today's outside addresses so far, and which of `emails` are among them. */
export async function todaysRecipients(tx: Tx, organisationId: string, emails: string[]) {
  const { rows } = await sql<{ used: string; known: string[] | null }>`
    SELECT count(*) AS used, array_agg(email) FILTER (WHERE email = ANY(${emails}::text[])) AS known
    FROM sandbox_outside_recipients WHERE organisation_id = ${organisationId} AND day = ${TODAY}`.execute(tx);
  return { used: Number(rows[0]?.used ?? 0), known: new Set(rows[0]?.known ?? []) };
}

/**
 * Records today's new outside addresses and counts them on the organisation's row (locked by
 * `lockOrganisationRecipients`, `cap` checked by the caller), and forgets the organisation's days
 * before yesterday.
 */
export async function addRecipients(tx: Transaction<Database>, organisationId: string, emails: string[], cap: number) {
  await sql`DELETE FROM sandbox_outside_recipients WHERE organisation_id = ${organisationId} AND day < ${TODAY} - 1`.execute(
    tx,
  );
  if (emails.length === 0) return;
  await sql`
    WITH added AS (
      INSERT INTO sandbox_outside_recipients (organisation_id, day, email)
      SELECT ${organisationId}, ${TODAY}, e FROM unnest(${emails}::text[]) AS e
      ON CONFLICT DO NOTHING
      RETURNING email
    )
    UPDATE sandbox_recipient_counts SET used = used + (SELECT count(*) FROM added), cap = ${cap}
    WHERE organisation_id = ${organisationId}`.execute(tx);
}

/** How many outside addresses the organisation's sandbox rewards reached today. */
export async function usedToday(tx: Tx, organisationId: string): Promise<number> {
  return (await todaysRecipients(tx, organisationId, [])).used;
}
