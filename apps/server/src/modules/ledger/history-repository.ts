import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The balance's history (decision 047): the ledger entries that moved the organisation's current
 * `available` and `held` accounts, with each one's movement on both. Only open accounts count
 * (closed_at IS NULL): a sandbox organisation that went live has its sandbox accounts closed, and
 * their money never shows beside the live money (decision 045).
 *
 * Why the running balance may be summed in id order: every entry that touches `available` gets
 * its id after it has locked that account's row (postEntry updates the rows first; the order
 * statement inserts its entry from the row update's CTE), and keeps the lock until it commits. So
 * among the entries that touch `available`, id order is commit order, and the committed ones are
 * always a prefix of it: the balance after an entry is the balance now minus every later entry's
 * movement, and a page never sees a later entry appear above it.
 */

export interface HistoryRow {
  id: string;
  created_at: Date;
  kind: string;
  description: string;
  order_id: string | null;
  batch_id: string | null;
  available_minor: number;
  held_minor: number;
  available_after_minor: number;
}

export interface HistoryFilter {
  organisationId: string;
  currency: string;
  kinds?: readonly string[];
  /** Inclusive start, exclusive end (UTC day starts). */
  from?: Date;
  until?: Date;
  direction?: 'credit' | 'debit';
  orderId?: string;
  limit: number;
  /** Where the previous page stopped: entries below `beforeId`, the newest of them leaving `available`. */
  after?: { beforeId: string; available: number };
}

/** The organisation's current available and held accounts in `currency` (their ids, and the available balance). */
function openAccounts(organisationId: string, currency: string) {
  return sql`
    SELECT max(id) FILTER (WHERE kind = 'available') AS available_id,
           max(id) FILTER (WHERE kind = 'held') AS held_id,
           max(balance_minor) FILTER (WHERE kind = 'available') AS available_now
    FROM ledger_accounts
    WHERE organisation_id = ${organisationId} AND currency = ${currency} AND closed_at IS NULL
      AND kind IN ('available', 'held')`;
}

/** One entry's movement on each open account; an entry that moved neither has n = 0. */
const MOVEMENT = sql`
  SELECT coalesce(sum(p.amount_minor) FILTER (WHERE p.account_id = a.available_id), 0)::bigint AS available_minor,
         coalesce(sum(p.amount_minor) FILTER (WHERE p.account_id = a.held_id), 0)::bigint AS held_minor,
         count(*) AS n
  FROM ledger_postings p
  WHERE p.entry_id = e.id AND p.account_id IN (a.available_id, a.held_id)`;

/**
 * A page of history, newest first. The scan walks the organisation's entries down its index
 * (organisation_id, id DESC) from the top or the cursor, carrying the available balance down
 * through every entry (filtered out or not) in a window sum, and stops once the page is full:
 * the first page costs its rows, however long the ledger. Filters that match little walk further
 * (with no index on created_at, which every order would write, a date range's last page walks the
 * older entries too).
 */
export async function listHistory(db: Kysely<Database>, f: HistoryFilter): Promise<HistoryRow[]> {
  const conditions: RawBuilder<unknown>[] = [];
  if (f.kinds?.length) conditions.push(sql`kind IN (${sql.join(f.kinds)})`);
  if (f.from) conditions.push(sql`created_at >= ${f.from}`);
  if (f.until) conditions.push(sql`created_at < ${f.until}`);
  if (f.direction === 'credit') conditions.push(sql`available_minor > 0`);
  if (f.direction === 'debit') conditions.push(sql`available_minor <= 0`);
  if (f.orderId) conditions.push(sql`order_id = ${f.orderId}::uuid`);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const start = f.after ? sql`${f.after.available}::bigint` : sql`a.available_now`;
  const below = f.after ? sql`AND e.id < ${f.after.beforeId}::bigint` : sql``;
  const { rows } = await sql<Record<string, unknown>>`
    WITH a AS (${openAccounts(f.organisationId, f.currency)})
    SELECT * FROM (
      SELECT e.id::text AS id, e.created_at, e.kind, e.description, e.order_id, e.batch_id,
             m.available_minor, m.held_minor,
             (${start} - coalesce(sum(m.available_minor) OVER (ORDER BY e.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::bigint
               AS available_after_minor
      FROM a
      JOIN ledger_entries e ON e.organisation_id = ${f.organisationId} ${below}
      CROSS JOIN LATERAL (${MOVEMENT}) m
      WHERE m.n > 0
      ORDER BY e.id DESC
    ) h
    ${where}
    LIMIT ${f.limit}
  `.execute(db);
  return rows.map(toRow);
}

function toRow(r: Record<string, unknown>): HistoryRow {
  return {
    id: String(r.id),
    created_at: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    kind: String(r.kind),
    description: String(r.description),
    order_id: (r.order_id as string | null) ?? null,
    batch_id: (r.batch_id as string | null) ?? null,
    available_minor: Number(r.available_minor),
    held_minor: Number(r.held_minor),
    available_after_minor: Number(r.available_after_minor ?? 0),
  };
}

/**
 * The balances at the start of a statement period: every movement of the open accounts before
 * `from`. (One pass over the accounts' postings; a statement is rare and rate-limited.)
 */
export async function openingBalances(
  db: Kysely<Database>,
  organisationId: string,
  currency: string,
  from: Date,
): Promise<{ availableMinor: number; heldMinor: number }> {
  const { rows } = await sql<{ available: string | null; held: string | null }>`
    WITH a AS (${openAccounts(organisationId, currency)})
    SELECT sum(p.amount_minor) FILTER (WHERE p.account_id = a.available_id)::text AS available,
           sum(p.amount_minor) FILTER (WHERE p.account_id = a.held_id)::text AS held
    FROM a
    JOIN ledger_postings p ON p.account_id IN (a.available_id, a.held_id)
    JOIN ledger_entries e ON e.id = p.entry_id
    WHERE e.created_at < ${from}
  `.execute(db);
  return { availableMinor: Number(rows[0]?.available ?? 0), heldMinor: Number(rows[0]?.held ?? 0) };
}

/** The period's entries oldest first, `limit` after entry `afterId`, with their movements. */
export async function periodEntries(
  db: Kysely<Database>,
  p: { organisationId: string; currency: string; from: Date; until: Date; afterId: string | null; limit: number },
): Promise<HistoryRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    WITH a AS (${openAccounts(p.organisationId, p.currency)})
    SELECT e.id::text AS id, e.created_at, e.kind, e.description, e.order_id, e.batch_id,
           m.available_minor, m.held_minor
    FROM a
    JOIN ledger_entries e ON e.organisation_id = ${p.organisationId}
      AND e.id > ${p.afterId ?? '0'}::bigint AND e.created_at >= ${p.from} AND e.created_at < ${p.until}
    CROSS JOIN LATERAL (${MOVEMENT}) m
    WHERE m.n > 0
    ORDER BY e.id
    LIMIT ${p.limit}
  `.execute(db);
  return rows.map(toRow);
}
