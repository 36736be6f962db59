import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Branding } from '../organisation';
import type { IssuedReward } from './complete-order-statement';
import type { OrderRow, RewardRow } from './repository';

/**
 * The fulfilment worker's statements (fulfilment.ts): the lease on an order's pending rewards and
 * the codes stored one reward at a time when a run fails midway. The completion itself is one
 * hand-built statement (complete-order-statement.ts); a partial or failed one is settle-order.ts.
 */
type Tx = Transaction<Database> | Kysely<Database>;

export interface FulfilmentReward {
  id: string;
  status: RewardRow['status'];
  claim_token_encrypted: string;
  /** Whether this call leased it (pending, and not leased by another worker). */
  leased: boolean;
  /** The runs that leased it, this one included: above 1, an earlier run may have asked for its card. */
  attempts: number;
  /** A choice reward's picks (decision 080): each asks the provider with a reference of its own. */
  pick_count: number;
}

/** What a fulfilment run works from: the order, its rewards, and its organisation's look on the email. */
export interface LoadedForFulfilment {
  order: OrderRow;
  rewards: FulfilmentReward[];
  branding: Branding;
}

/**
 * What a fulfilment run needs, in one statement: the order, its rewards, the organisation's
 * branding for the recipient email (read here, fresh, rather than by a statement of its own), and
 * a lease for `seconds` on each pending reward that no other worker holds (the same owner may take
 * its own lease back at once). Undefined for an unknown order.
 */
export async function loadForFulfilment(
  db: Tx,
  orderId: string,
  owner: string,
  seconds: number,
): Promise<LoadedForFulfilment | undefined> {
  const [loaded] = await loadManyForFulfilment(db, [{ orderId, owner }], seconds);
  return loaded;
}

/**
 * The same for several orders at once, each with its own lease owner (its job): one statement
 * for a fetch's worth of jobs (decision 094). The answers come in the order asked. An order asked
 * twice (two jobs of one order in one group) is loaded once per job, so each sees its own lease.
 */
export async function loadManyForFulfilment(
  db: Tx,
  asked: { orderId: string; owner: string }[],
  seconds: number,
): Promise<(LoadedForFulfilment | undefined)[]> {
  if (new Set(asked.map((a) => a.orderId)).size < asked.length) {
    const one: (LoadedForFulfilment | undefined)[] = [];
    for (const a of asked) one.push(...(await loadManyForFulfilment(db, [a], seconds)));
    return one;
  }
  const { rows } = await sql<
    OrderRow & {
      reward_id: string;
      reward_status: RewardRow['status'];
      reward_token: string;
      reward_leased: boolean;
      reward_attempts: number;
      reward_pick_count: number;
      branding_name: string;
      branding_sender_name: string | null;
      branding_reply_to: string | null;
      branding_colour: string | null;
      branding_logo_id: string | null;
    }
  >`
    WITH x AS (
      SELECT * FROM unnest(${asked.map((a) => a.orderId)}::uuid[], ${asked.map((a) => a.owner)}::text[]) AS x (order_id, owner)
    ),
    l AS (
      UPDATE rewards SET lease_owner = x.owner, lease_until = now() + make_interval(secs => ${seconds}),
        attempts = attempts + 1
      FROM x
      WHERE rewards.order_id = x.order_id AND rewards.status = 'pending'
        AND (rewards.lease_until IS NULL OR rewards.lease_until < now() OR rewards.lease_owner = x.owner)
      RETURNING rewards.id, rewards.attempts
    )
    SELECT o.*, r.id AS reward_id, r.status AS reward_status, r.claim_token_encrypted AS reward_token,
           r.id IN (SELECT id FROM l) AS reward_leased, r.pick_count AS reward_pick_count,
           coalesce((SELECT l.attempts FROM l WHERE l.id = r.id), r.attempts) AS reward_attempts,
           g.name AS branding_name, g.sender_name AS branding_sender_name, g.reply_to AS branding_reply_to,
           g.brand_colour AS branding_colour, gl.id AS branding_logo_id
    FROM x JOIN orders o ON o.id = x.order_id JOIN rewards r ON r.order_id = o.id
      JOIN organisations g ON g.id = o.organisation_id
      LEFT JOIN organisation_logos gl ON gl.organisation_id = o.organisation_id
    ORDER BY o.id, r.position`.execute(db);
  const byOrder = new Map<string, LoadedForFulfilment>();
  for (const row of rows) {
    const {
      reward_id: id,
      reward_status: status,
      reward_token: token,
      reward_leased: leased,
      reward_attempts: attempts,
      reward_pick_count: picks,
      branding_name: name,
      branding_sender_name: senderName,
      branding_reply_to: replyTo,
      branding_colour: colour,
      branding_logo_id: logoId,
      ...order
    } = row;
    let loaded = byOrder.get(order.id);
    if (!loaded) {
      loaded = {
        order,
        rewards: [],
        branding: { name, sender_name: senderName, reply_to: replyTo, brand_colour: colour, logo_id: logoId },
      };
      byOrder.set(order.id, loaded);
    }
    loaded.rewards.push({
      id,
      status,
      claim_token_encrypted: token,
      leased,
      attempts: Number(attempts),
      pick_count: Number(picks),
    });
  }
  return asked.map((a) => byOrder.get(a.orderId));
}

/** Stores a reward's card, if it is still `from` (pending; or in review, for an operator's decision). */
export async function markRewardIssued(
  tx: Tx,
  r: IssuedReward,
  from: 'pending' | 'review' = 'pending',
): Promise<boolean> {
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
    .where('status', '=', from)
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

/** The rewards waiting for an operator (decision 058), oldest first, with their order and organisation. */
export async function listRewardsInReview(tx: Tx) {
  return tx
    .selectFrom('rewards as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('organisations as g', 'g.id', 'o.organisation_id')
    .select([
      'r.id as reward_id',
      'r.position',
      'r.review_reason',
      'r.created_at',
      'o.id as order_id',
      'o.organisation_id',
      'g.name as organisation_name',
      'o.product_code',
      'o.brand',
      'o.currency',
      'o.amount_minor',
      'o.quantity',
      'o.charge_currency',
      'o.charged_subtotal_minor',
      'o.charged_fee_minor',
    ])
    .where('r.status', '=', 'review')
    .orderBy('r.created_at')
    .limit(500)
    .execute();
}

/**
 * Moves a scheduled order to `pending` when the job made for its `send_at` runs (decision 042):
 * true when it did, or when an earlier attempt of that job did; false for a cancelled order, or
 * a job a reschedule left behind.
 */
export async function startScheduledOrder(db: Kysely<Database>, orderId: string, sendAt: string): Promise<boolean> {
  const { rows } = await sql<{ go: boolean }>`
    WITH u AS (
      UPDATE orders SET status = 'pending'
      WHERE id = ${orderId} AND status = 'scheduled' AND send_at = ${sendAt}::timestamptz
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM u)
      OR EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status <> 'scheduled' AND status <> 'cancelled'
                 AND send_at = ${sendAt}::timestamptz) AS go`.execute(db);
  return rows[0]?.go === true;
}
