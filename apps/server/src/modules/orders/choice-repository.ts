import { CHOICE_PRODUCT_CODE, CHOICE_PRODUCT_NAME } from '@giftrelay/contracts';
import { sql } from 'kysely';
import type { CatalogProduct } from '../catalog';
import type { OrderRow, RewardRow, Tx } from './repository';

/**
 * Recipient's choice (decision 080): the statements of a pick and of its return to the recipient.
 * Every change is conditional on the state it expects, inside a transaction that holds the reward.
 */

export type ChoiceReward = Pick<
  RewardRow,
  | 'id'
  | 'order_id'
  | 'position'
  | 'status'
  | 'void_state'
  | 'chosen_product_code'
  | 'chosen_at'
  | 'choice_unavailable'
  | 'choice_problem'
  | 'pick_count'
  | 'claim_token_encrypted'
>;

const REWARD_COLUMNS = [
  'r.id',
  'r.order_id',
  'r.position',
  'r.status',
  'r.void_state',
  'r.chosen_product_code',
  'r.chosen_at',
  'r.choice_unavailable',
  'r.choice_problem',
  'r.pick_count',
  'r.claim_token_encrypted',
] as const;

/** A reward by its claim link's hash, with its order; `lock` holds the reward for the pick. */
export async function findChoiceReward(
  tx: Tx,
  hash: string,
  lock = false,
): Promise<{ reward: ChoiceReward; order: OrderRow } | undefined> {
  let q = tx.selectFrom('rewards as r').select(REWARD_COLUMNS).where('r.claim_token_hash', '=', hash);
  if (lock) {
    // The order first (FOR NO KEY UPDATE, as lockOrder), then the reward: the order a void and the
    // expiry sweep take them in (decision 089), so a pick racing either waits rather than deadlocks.
    const of = await tx
      .selectFrom('rewards')
      .select('order_id')
      .where('claim_token_hash', '=', hash)
      .executeTakeFirst();
    if (!of) return undefined;
    await tx.selectFrom('orders').select('id').where('id', '=', of.order_id).forNoKeyUpdate().execute();
    q = q.forUpdate();
  }
  const reward = await q.executeTakeFirst();
  if (!reward) return undefined;
  const order = await tx.selectFrom('orders').selectAll().where('id', '=', reward.order_id).executeTakeFirst();
  if (!order) return undefined;
  const { search_text: _s, ...row } = order as OrderRow & { search_text?: string };
  return { reward, order: row };
}

/** The pick: the reward goes to fulfilment as `pending`, the order takes the chosen product. */
export async function recordPick(tx: Tx, reward: ChoiceReward, product: CatalogProduct, at: Date): Promise<boolean> {
  const res = await tx
    .updateTable('rewards')
    .set({
      status: 'pending',
      chosen_product_code: product.code,
      chosen_at: at,
      choice_problem: null,
      pick_count: sql`pick_count + 1`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', reward.id)
    .where('status', '=', 'awaiting_choice')
    .executeTakeFirst();
  if (res.numUpdatedRows === 0n) return false;
  await tx
    .updateTable('orders')
    .set({
      product_id: product.id,
      product_code: product.code,
      product_name: product.name,
      brand: product.brand,
      category: product.category,
      country: product.country,
      choice_made_at: at,
    })
    .where('id', '=', reward.order_id)
    .execute();
  return true;
}

/**
 * A pick the provider refused (out of stock, declined): no card exists for its reference, so the
 * reward waits for another pick; an out-of-stock product is shown unavailable from then on.
 */
export async function returnPick(
  tx: Tx,
  rewardId: string,
  problem: 'out_of_stock' | 'try_again_later',
): Promise<{ order_id: string; chosen_product_code: string | null } | undefined> {
  const row = await tx
    .updateTable('rewards')
    .set((eb) => ({
      status: 'awaiting_choice',
      choice_problem: problem,
      choice_unavailable:
        problem === 'out_of_stock'
          ? sql<string[]>`array_append(choice_unavailable, chosen_product_code)`
          : eb.ref('choice_unavailable'),
      chosen_product_code: null,
      chosen_at: null,
      lease_owner: null,
      lease_until: null,
    }))
    .where('id', '=', rewardId)
    .where('status', '=', 'pending')
    .where('chosen_product_code', 'is not', null)
    .returning(['order_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  const before = await tx
    .selectFrom('orders')
    .select('product_code')
    .where('id', '=', row.order_id)
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('orders')
    .set({
      product_id: null,
      product_code: CHOICE_PRODUCT_CODE,
      product_name: CHOICE_PRODUCT_NAME,
      brand: CHOICE_PRODUCT_NAME,
      category: null,
      country: null,
      choice_made_at: null,
    })
    .where('id', '=', row.order_id)
    .execute();
  return { order_id: row.order_id, chosen_product_code: before.product_code };
}

/** Whether the order's choice invitation was queued already (its history line). */
export async function choiceInvited(tx: Tx, orderId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type', '=', 'choice.invited')
    .executeTakeFirst();
  return row !== undefined;
}
