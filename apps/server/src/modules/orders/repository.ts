import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { IssuedReward } from './complete-order-statement';

type Tx = Transaction<Database> | Kysely<Database>;
/** An order as the code reads and writes it: `search_text` is the database's own (generated). */
export type OrderRow = Omit<Selectable<Database['orders']>, 'search_text'>;
export type RewardRow = Selectable<Database['rewards']>;
export type OrderEventRow = Selectable<Database['order_events']>;

export async function insertEvent(
  tx: Tx,
  e: { order_id: string; organisation_id: string; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await tx
    .insertInto('order_events')
    .values({ ...e, payload: JSON.stringify(e.payload) })
    .execute();
}

/** The organisation's order, or undefined: another organisation's order is as absent as a missing one. */
export async function findOrder(tx: Tx, organisationId: string, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** The organisation's order, locked for the rest of the transaction. */
export async function lockOrder(tx: Tx, organisationId: string, orderId: string): Promise<OrderRow | undefined> {
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function changeRecipient(tx: Tx, orderId: string, email: string): Promise<OrderRow> {
  return tx
    .updateTable('orders')
    .set({ recipient_email: email })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findOrderForWorker(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  return tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function listRewards(tx: Tx, orderId: string): Promise<RewardRow[]> {
  return tx.selectFrom('rewards').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

export async function listEvents(tx: Tx, orderId: string): Promise<OrderEventRow[]> {
  return tx.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export interface OrderFilter {
  organisationId: string;
  /** Matched anywhere in the id, recipient email or name, brand or product name; any case. */
  search?: string;
  status?: OrderRow['status'];
}

/** `%` and `_` in what a person typed are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(tx: Tx, f: OrderFilter) {
  let query = tx.selectFrom('orders').where('organisation_id', '=', f.organisationId);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.search) query = query.where(sql<string>`search_text`, 'like', likePattern(f.search));
  return query;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listOrders(
  tx: Tx,
  q: OrderFilter & { limit: number; after?: { createdAt: Date; id: string } },
): Promise<OrderRow[]> {
  let query = filtered(tx, q).selectAll();
  if (q.after) {
    const { createdAt, id } = q.after;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute() as Promise<OrderRow[]>;
}

export interface StatusCount {
  status: OrderRow['status'];
  orders: number;
  charged_total_minor: number;
}

/** Orders and their charged totals per status over the searched set (the search reads the orders). */
export async function searchedStatusCounts(tx: Tx, f: OrderFilter): Promise<StatusCount[]> {
  const rows = await filtered(tx, f)
    .select([
      'status',
      sql<string>`count(*)`.as('orders'),
      sql<string>`coalesce(sum(charged_total_minor), 0)`.as('charged_total_minor'),
    ])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    orders: Number(r.orders),
    charged_total_minor: Number(r.charged_total_minor),
  }));
}

export interface FulfilmentReward {
  id: string;
  status: RewardRow['status'];
  claim_token_encrypted: string;
  /** Whether this call leased it (pending, and not leased by another worker). */
  leased: boolean;
}

/**
 * What a fulfilment run needs, in one statement: the order, its rewards, and a lease for
 * `seconds` on each pending reward that no other worker holds (the same owner may take its own
 * lease back at once). Undefined for an unknown order.
 */
export async function loadForFulfilment(
  db: Tx,
  orderId: string,
  owner: string,
  seconds: number,
): Promise<{ order: OrderRow; rewards: FulfilmentReward[] } | undefined> {
  const { rows } = await sql<
    OrderRow & { reward_id: string; reward_status: RewardRow['status']; reward_token: string; reward_leased: boolean }
  >`
    WITH l AS (
      UPDATE rewards SET lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${seconds}),
        attempts = attempts + 1
      WHERE order_id = ${orderId} AND status = 'pending'
        AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${owner})
      RETURNING id
    )
    SELECT o.*, r.id AS reward_id, r.status AS reward_status, r.claim_token_encrypted AS reward_token,
           r.id IN (SELECT id FROM l) AS reward_leased
    FROM orders o JOIN rewards r ON r.order_id = o.id
    WHERE o.id = ${orderId}
    ORDER BY r.position`.execute(db);
  const first = rows[0];
  if (!first) return undefined;
  const { reward_id: _id, reward_status: _status, reward_token: _token, reward_leased: _leased, ...order } = first;
  return {
    order,
    rewards: rows.map((r) => ({
      id: r.reward_id,
      status: r.reward_status,
      claim_token_encrypted: r.reward_token,
      leased: r.reward_leased,
    })),
  };
}

export async function markRewardIssued(tx: Tx, r: IssuedReward): Promise<boolean> {
  const res = await tx
    .updateTable('rewards')
    .set({
      status: 'issued',
      provider_order_id: r.providerOrderId,
      code_encrypted: r.codeEncrypted,
      pin_encrypted: r.pinEncrypted,
      code_last4: r.codeLast4,
      redemption_url: r.redemptionUrl,
      expires_at: r.expiresAt,
      issued_at: sql`now()`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', r.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function releaseRewardLease(tx: Tx, rewardId: string): Promise<void> {
  await tx
    .updateTable('rewards')
    .set({ lease_until: null })
    .where('id', '=', rewardId)
    .where('status', '=', 'pending')
    .execute();
}

/** Moves a pending order to its final state; false when it was already final (a replayed job). */
/** Marks a pending order failed (completion is complete-order-statement.ts); undefined if it was not pending. */
export async function failOrder(tx: Tx, orderId: string, reason: string): Promise<OrderRow | undefined> {
  return tx
    .updateTable('orders')
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .set({ status: 'failed', failed_at: sql`now()`, failure_reason: reason })
    .returningAll()
    .executeTakeFirst();
}

export async function failPendingRewards(tx: Tx, orderId: string): Promise<void> {
  await tx
    .updateTable('rewards')
    .set({ status: 'failed', lease_until: null })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

export async function findRewardByClaimHash(tx: Tx, hash: string) {
  return tx
    .selectFrom('rewards as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.status',
      'r.code_encrypted',
      'r.pin_encrypted',
      'r.redemption_url',
      'r.expires_at',
      'o.organisation_id',
      'o.product_code',
      'o.product_name',
      'o.brand',
      'o.currency',
      'o.amount_minor',
      'o.message',
    ])
    .where('r.claim_token_hash', '=', hash)
    .executeTakeFirst();
}

export async function recordClaimOpened(tx: Tx, rewardId: string): Promise<void> {
  await tx
    .updateTable('rewards')
    .set({
      claim_first_opened_at: sql`coalesce(claim_first_opened_at, now())`,
      claim_last_opened_at: sql`now()`,
      claim_open_count: sql`claim_open_count + 1`,
    })
    .where('id', '=', rewardId)
    .execute();
}

/** The organisation's name and billing currency (the sender of its rewards, the currency it pays in). */
export function findOrganisationProfile(db: Tx, organisationId: string) {
  return db
    .selectFrom('organisations')
    .select(['name', 'billing_currency'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
}
