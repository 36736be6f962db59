import type { RiskReviewStatus, RiskRuleKind } from '@giftrelay/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export type RuleRow = Selectable<Database['risk_rules']>;
export type PlatformRuleRow = Selectable<Database['platform_risk_rules']> & { created_by_email: string | null };

export function listRules(db: Tx, organisationId: string): Promise<RuleRow[]> {
  return db
    .selectFrom('risk_rules')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findRule(db: Tx, organisationId: string, id: string): Promise<RuleRow | undefined> {
  return db
    .selectFrom('risk_rules')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countRules(db: Tx, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('risk_rules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface RuleValues {
  kind: RiskRuleKind;
  action: 'hold' | 'block';
  params: Record<string, unknown>;
  reason: string | null;
}

export function insertRule(db: Tx, organisationId: string, userId: string | null, v: RuleValues): Promise<RuleRow> {
  return db
    .insertInto('risk_rules')
    .values({
      organisation_id: organisationId,
      kind: v.kind,
      action: v.action,
      params: JSON.stringify(v.params),
      reason: v.reason,
      created_by: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(db: Tx, organisationId: string, id: string, v: RuleValues): Promise<RuleRow | undefined> {
  return db
    .updateTable('risk_rules')
    .set({ action: v.action, params: JSON.stringify(v.params), reason: v.reason, updated_at: sql`now()` })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('kind', '=', v.kind)
    .returningAll()
    .executeTakeFirst();
}

export function deleteRule(db: Tx, organisationId: string, id: string): Promise<RuleRow | undefined> {
  return db
    .deleteFrom('risk_rules')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function listPlatformRules(db: Tx): Promise<PlatformRuleRow[]> {
  return db
    .selectFrom('platform_risk_rules as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .selectAll('p')
    .select('u.email as created_by_email')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

export function insertPlatformRule(
  db: Tx,
  userId: string,
  v: { kind: 'recipient_email' | 'recipient_domain'; value: string; action: 'hold' | 'block'; reason: string | null },
) {
  return db
    .insertInto('platform_risk_rules')
    .values({ ...v, created_by: userId })
    .onConflict((oc) => oc.column('value').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function deletePlatformRule(db: Tx, id: string) {
  return db.deleteFrom('platform_risk_rules').where('id', '=', id).returningAll().executeTakeFirst();
}

/** A review as the API shows it: its order's figures, the reward's place, who decided. */
export interface ReviewRow {
  id: string;
  status: RiskReviewStatus;
  stage: 'order' | 'claim';
  scope: 'organisation' | 'platform';
  organisation_id: string;
  order_id: string;
  reward_id: string | null;
  reward_position: number | null;
  matched: unknown;
  claim_ip: string | null;
  claim_country: string | null;
  sandbox: boolean;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_email: string | null;
  decision_note: string | null;
  /** Decision 088: null for an order sent by text only. */
  recipient_email: string | null;
  recipient_phone: string | null;
  brand: string;
  product_name: string;
  currency: string;
  amount_minor: string;
  quantity: number;
  subtotal_minor: string;
  charge_currency: string;
  charged_total_minor: string;
  charged_subtotal_minor: string;
  charged_fee_minor: string;
  order_country: string | null;
  void_state: 'requested' | 'refunded' | 'not_cancelled' | null;
  void_note: string | null;
  claim_first_opened_at: Date | null;
}

/** Which reviews a caller sees: an organisation's own, or (operators) platform reviews of live orders. */
export type ReviewScope = { organisationId: string } | { platform: true };

function reviews(db: Tx, scope: ReviewScope) {
  return db
    .selectFrom('risk_reviews as v')
    .innerJoin('orders as o', 'o.id', 'v.order_id')
    .leftJoin('rewards as w', 'w.id', 'v.reward_id')
    .leftJoin('users as u', 'u.id', 'v.decided_by')
    .select([
      'v.id',
      'v.status',
      'v.stage',
      'v.scope',
      'v.organisation_id',
      'v.order_id',
      'v.reward_id',
      'w.position as reward_position',
      'v.matched',
      'v.claim_ip',
      'v.claim_country',
      'v.sandbox',
      'v.created_at',
      'v.decided_at',
      'v.decided_by',
      'u.email as decided_by_email',
      'v.decision_note',
      'o.recipient_email',
      'o.recipient_phone',
      'o.brand',
      'o.product_name',
      'o.currency',
      'o.amount_minor',
      'o.quantity',
      'o.subtotal_minor',
      'o.charge_currency',
      'o.charged_total_minor',
      'o.charged_subtotal_minor',
      'o.charged_fee_minor',
      'o.country as order_country',
      'w.void_state',
      'w.void_note',
      'w.claim_first_opened_at',
    ])
    .$if('organisationId' in scope, (q) =>
      q.where('v.organisation_id', '=', (scope as { organisationId: string }).organisationId),
    )
    .$if('platform' in scope, (q) => q.where('v.scope', '=', 'platform').where('v.sandbox', '=', false));
}

export function listReviews(
  db: Tx,
  scope: ReviewScope,
  status: RiskReviewStatus | undefined,
  page: { after: { createdAt: Date; id: string } | undefined; limit: number },
): Promise<ReviewRow[]> {
  const { after } = page;
  return reviews(db, scope)
    .$if(status !== undefined, (q) => q.where('v.status', '=', status as RiskReviewStatus))
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('v.created_at', '<', (after as { createdAt: Date }).createdAt),
          eb.and([
            eb('v.created_at', '=', (after as { createdAt: Date }).createdAt),
            eb('v.id', '<', (after as { id: string }).id),
          ]),
        ]),
      ),
    )
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(page.limit)
    .execute() as Promise<ReviewRow[]>;
}

export function findReview(db: Tx, scope: ReviewScope, id: string): Promise<ReviewRow | undefined> {
  return reviews(db, scope).where('v.id', '=', id).executeTakeFirst() as Promise<ReviewRow | undefined>;
}

/**
 * The decision: ONE conditional update from `pending`, so two decisions at once (or a decision
 * racing the claim or a void) change the review once; the loser gets undefined.
 */
export function decideReview(
  tx: Transaction<Database>,
  scope: ReviewScope,
  id: string,
  decision: { status: 'released' | 'blocked'; userId: string | null; note: string | null },
) {
  return (
    tx
      .updateTable('risk_reviews')
      .set({
        status: decision.status,
        decided_at: sql`now()`,
        decided_by: decision.userId,
        decision_note: decision.note,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      // An organisation decides its own reviews; a platform rule's, only in sandbox (operators decide live ones).
      .$if('organisationId' in scope, (q) =>
        q
          .where('organisation_id', '=', (scope as { organisationId: string }).organisationId)
          .where((eb) => eb.or([eb('scope', '=', 'organisation'), eb('sandbox', '=', true)])),
      )
      .$if('platform' in scope, (q) => q.where('scope', '=', 'platform').where('sandbox', '=', false))
      .returning(['id', 'stage', 'scope', 'order_id', 'reward_id', 'organisation_id', 'sandbox'])
      .executeTakeFirst()
  );
}

/**
 * The recipient's history in the organisation, for the one-review read: the address's orders, or
 * for an order sent by text only (decision 088) the number's orders without an address.
 */
export async function recipientHistory(
  db: Tx,
  organisationId: string,
  who: { email: string | null; phone: string | null },
) {
  const sameRecipient = <T extends 'recipient_email' | 'o.recipient_email'>(col: T) =>
    who.email !== null
      ? sql<boolean>`${sql.ref(col)} = ${who.email}`
      : sql<boolean>`${sql.ref(col)} IS NULL AND ${sql.ref(col.replace('email', 'phone'))} = ${who.phone}`;
  const [counts, recent, reviewed] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<string>().as('orders'),
        eb.fn.coalesce(eb.fn.sum<string>('quantity'), sql<string>`0`).as('rewards'),
        eb.fn.min('created_at').as('first_order_at'),
      ])
      .where('organisation_id', '=', organisationId)
      .where(sameRecipient('recipient_email'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select(['id', 'status', 'subtotal_minor', 'currency', 'created_at'])
      .where('organisation_id', '=', organisationId)
      .where(sameRecipient('recipient_email'))
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute(),
    db
      .selectFrom('risk_reviews as v')
      .innerJoin('orders as o', 'o.id', 'v.order_id')
      .select((eb) => [
        eb.fn.countAll<string>().as('held'),
        eb.fn.count<string>('v.id').filterWhere('v.status', '=', 'blocked').as('blocked'),
      ])
      .where('v.organisation_id', '=', organisationId)
      .where(sameRecipient('o.recipient_email'))
      .executeTakeFirstOrThrow(),
  ]);
  return { counts, recent, reviewed };
}
