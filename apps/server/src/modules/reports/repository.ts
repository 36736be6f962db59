import { SPENDING_STATUSES } from '@giftrelay/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { modeOf, type Scope } from '../organisation';

type Db = Kysely<Database>;

/** What an order cost: its charged total less what went back for rewards not issued (decision 058). */
const CHARGED = sql`charged_total_minor - released_subtotal_minor - released_fee_minor`;

/**
 * Recipients by what was charged for them since `since` (spending orders), highest first.
 * Reads the orders through the covering index: no rollup holds one row per recipient.
 */
export async function topRecipients(
  db: Db,
  scope: Scope,
  since: Date,
  limit: number,
): Promise<
  { recipient_email: string | null; recipient_phone: string | null; charged_total_minor: number; orders: number }[]
> {
  // A recipient is an address, or the number of an order without one (decision 088): an order to
  // an address and a number counts for the address.
  const phoneOnly = sql<string | null>`CASE WHEN recipient_email IS NULL THEN recipient_phone END`;
  const rows = await db
    .selectFrom('orders')
    .select([
      'recipient_email',
      phoneOnly.as('recipient_phone'),
      sql<string>`sum(${CHARGED})`.as('total'),
      sql<string>`count(*)`.as('orders'),
    ])
    .where('organisation_id', '=', scope.organisationId)
    .where('sandbox', '=', modeOf(scope))
    .where('created_at', '>=', since)
    .where('status', 'in', SPENDING_STATUSES)
    .groupBy(['recipient_email', phoneOnly])
    .orderBy(sql`sum(${CHARGED})`, 'desc')
    .orderBy('recipient_email')
    .orderBy(phoneOnly)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    recipient_email: r.recipient_email,
    recipient_phone: r.recipient_phone,
    charged_total_minor: Number(r.total),
    orders: Number(r.orders),
  }));
}
