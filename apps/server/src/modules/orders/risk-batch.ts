import type { EventData, RiskMatch } from '@giftrelay/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { NewOrderRow } from './prepare-order';
import { isDisposableAddress, sandboxTrigger, usdMinorOf } from './risk-inputs';

export interface BatchRisk {
  scope: 'organisation' | 'platform';
  matched: RiskMatch[];
}

/**
 * Risk rules for orders born together (a batch's chunk, decision 083): `risk_order_matches` for
 * each, in one query, before they are written, so a batch meets the same rules as the API and the
 * send dialog (velocity counts every order to the address, whatever placed it). In a batch a
 * `block` holds too: the batch's money is already held, and a person's block then gives the
 * order's share back exactly. Orders of one chunk do not count each other for velocity; for the
 * daily total they do (each is counted in the day's row as it is checked, decision 097).
 */
export async function batchRisks(tx: Transaction<Database>, orders: NewOrderRow[]): Promise<Map<string, BatchRisk>> {
  const inputs = orders.map((o) => {
    const email = o.recipient_email;
    const trigger = sandboxTrigger(email, Number(o.amount_minor), true);
    return {
      id: o.id,
      org: o.organisation_id,
      email,
      quantity: o.quantity,
      usdReward: usdMinorOf(Number(o.amount_minor), o.currency),
      usdTotal: Number(o.usd_total_minor),
      disposable: isDisposableAddress(email),
      sandboxMatch: trigger ? JSON.stringify([trigger]) : null,
      at: o.created_at.toISOString(),
    };
  });
  const col = <K extends keyof (typeof inputs)[number]>(k: K) => inputs.map((i) => i[k]);
  const { rows } = await sql<{ id: string; m: { scope: BatchRisk['scope']; matched: RiskMatch[] } | null }>`
    SELECT t.id, risk_order_matches(t.org, t.email, t.quantity, t.usd_reward, t.usd_total, t.disposable,
      CASE WHEN g.sandbox THEN t.sandbox_match END, t.at) AS m
    FROM unnest(${col('id')}::uuid[], ${col('org')}::uuid[], ${col('email')}::text[], ${col('quantity')}::int[],
      ${col('usdReward')}::bigint[], ${col('usdTotal')}::bigint[], ${col('disposable')}::boolean[],
      ${col('sandboxMatch')}::jsonb[], ${col('at')}::timestamptz[])
      AS t (id, org, email, quantity, usd_reward, usd_total, disposable, sandbox_match, at)
    JOIN organisations g ON g.id = t.org`.execute(tx);
  return new Map(
    rows.filter((r) => r.m).map((r) => [r.id, { scope: r.m?.scope ?? 'organisation', matched: r.m?.matched ?? [] }]),
  );
}

/**
 * The locks for rules that count earlier orders (decisions 090, 097), for a batch's chunk: the
 * organisation's row of the daily total for each day of the chunk when it has that rule (made from
 * the day's orders when it has none), else an advisory lock per recipient (velocity), none without
 * such a rule (one read of the organisation's row). `risk_order_matches` takes the same lock for
 * each order it checks; taken here first, sorted, and before the chunk locks the balance's row (as
 * a single order's statement does), two chunks or a chunk and an order never wait on each other in
 * a circle. Released at commit, when the orders they counted are visible.
 */
export async function lockRiskCounts(tx: Transaction<Database>, orders: readonly NewOrderRow[]): Promise<void> {
  const org = orders[0]?.organisation_id;
  if (!org) return;
  const row = await tx.selectFrom('organisations').select('risk_lock').where('id', '=', org).executeTakeFirst();
  if (!row?.risk_lock) return;
  if (row.risk_lock === 'organisation') {
    const days = [...new Set(orders.map((o) => o.created_at.toISOString().slice(0, 10)))].sort();
    await sql`SELECT count(risk_day_lock(${org}::uuid, d))
      FROM (SELECT d FROM unnest(${days}::date[]) AS d ORDER BY d) s`.execute(tx);
    return;
  }
  const names = [...new Set(orders.map((o) => `risk:recipient:${org}:${o.recipient_email}`))].sort();
  await sql`SELECT count(pg_advisory_xact_lock(hashtextextended(n, 0)))
    FROM (SELECT n FROM unnest(${names}::text[]) AS n ORDER BY n) s`.execute(tx);
}

/** The held orders' reviews and `reward.held` events, in the chunk's transaction. */
export async function writeBatchReviews(
  tx: Transaction<Database>,
  held: { order: NewOrderRow; sandbox: boolean; risk: BatchRisk; data: EventData<'order.created'> }[],
) {
  if (!held.length) return;
  const reviews = await tx
    .insertInto('risk_reviews')
    .values(
      held.map((h) => ({
        organisation_id: h.order.organisation_id,
        order_id: h.order.id,
        stage: 'order' as const,
        scope: h.risk.scope,
        matched: JSON.stringify(h.risk.matched),
        sandbox: h.sandbox,
        created_at: h.order.created_at,
      })),
    )
    .returning(['id', 'order_id'])
    .execute();
  const idOf = new Map(reviews.map((r) => [r.order_id, r.id]));
  await tx
    .insertInto('events')
    .values(
      held.map((h) => {
        const s = h.data.order;
        const data: EventData<'reward.held'> = {
          order: s,
          review: {
            id: idOf.get(h.order.id) as string,
            status: 'pending',
            stage: 'order',
            scope: h.risk.scope,
            organisation_id: h.order.organisation_id,
            order_id: h.order.id,
            reward_id: null,
            recipient_email: s.recipient_email,
            recipient_phone: s.recipient_phone ?? null,
            brand: s.brand,
            product_name: s.product_name,
            amount: s.subtotal,
            amount_minor: s.subtotal_minor,
            currency: s.currency,
            held: s.charged.total,
            held_minor: s.charged.total_minor,
            charge_currency: s.charged.currency,
            matched: h.risk.matched,
            claim: null,
            created_at: s.created_at,
            decided_at: null,
            decided_by_email: null,
            note: null,
            refund: null,
            sandbox: h.sandbox,
          },
        };
        return {
          organisation_id: h.order.organisation_id,
          type: 'reward.held',
          data: JSON.stringify(data),
          created_at: h.order.created_at,
        };
      }),
    )
    .execute();
}
