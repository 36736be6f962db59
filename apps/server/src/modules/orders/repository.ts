import type { FastifyInstance } from 'fastify';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema';
import { modeOf, type Scope, sandboxOf } from '../organisation';

export type Tx = Transaction<Database> | Kysely<Database>;
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
  // FOR NO KEY UPDATE, not FOR UPDATE: voids and resends still take turns on the order, but a
  // claim page's opening, which writes an order_events row (its foreign key takes KEY SHARE on the
  // order) while it holds the reward, does not deadlock against a void holding the order and
  // waiting for that reward.
  return tx
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', orderId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** A corrected address and number (decisions 062, 088); the delivery method follows them. */
export async function changeRecipient(
  tx: Tx,
  orderId: string,
  r: { email: string | null; phone: string | null },
): Promise<OrderRow> {
  return tx
    .updateTable('orders')
    .set({
      recipient_email: r.email,
      recipient_phone: r.phone,
      delivery_method: r.email === null && r.phone !== null ? 'sms' : 'email',
    })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Gives each of the order's rewards a new claim token, unless one was opened already (then false,
 * nothing changed). The rewards are locked first: an opening (recordClaimOpened locks its reward)
 * either committed before, and is seen here, or waits and then finds its old token gone.
 */
export async function rotateClaimTokensIfUnopened(
  tx: Tx,
  orderId: string,
  newToken: () => { hash: string; encrypted: string },
): Promise<boolean> {
  const rewards = await tx
    .selectFrom('rewards')
    .select(['id', 'claim_first_opened_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rewards.some((r) => r.claim_first_opened_at !== null)) return false;
  for (const r of rewards) {
    const t = newToken();
    await tx
      .updateTable('rewards')
      .set({ claim_token_hash: t.hash, claim_token_encrypted: t.encrypted })
      .where('id', '=', r.id)
      .execute();
  }
  return true;
}

export async function findOrderForWorker(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  return tx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function listRewards(tx: Tx, orderId: string): Promise<RewardRow[]> {
  return tx.selectFrom('rewards').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

export async function listEvents(tx: Tx, orderId: string): Promise<OrderEventRow[]> {
  // By time first: the openings recorded before 0135 were written later, at the time they happened.
  return tx
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface OrderFilter extends Scope {
  /** Matched anywhere in the id, recipient email or name, brand or product name; any case. */
  search?: string;
  status?: OrderRow['status'];
}

/** `%` and `_` in what a person typed are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(tx: Tx, f: OrderFilter) {
  let query = tx.selectFrom('orders').where('organisation_id', '=', f.organisationId).where('sandbox', '=', modeOf(f));
  // A live organisation's sandbox orders all came before it went live (the approval waits for
  // them to settle, and refuses none after): bounding the time lets the newest-first indexes
  // start there, rather than step over every live order first. An hour's leeway covers the
  // clocks of the app and the database; a sandbox organisation has no bound.
  if (f.sandbox === true) {
    query = query.where(
      'created_at',
      '<=',
      sql<Date>`coalesce((SELECT g.live_since + interval '1 hour' FROM organisations g WHERE g.id = ${f.organisationId}), 'infinity')`,
    );
  }
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
  chargedTotalMinor: number;
  chargedFeeMinor: number;
}

/** Orders and their charged totals per status over the searched set (the search reads the orders). */
export async function searchedStatusCounts(tx: Tx, f: OrderFilter): Promise<StatusCount[]> {
  const rows = await filtered(tx, f)
    .select([
      'status',
      sql<string>`count(*)`.as('orders'),
      // Less what went back for rewards not issued or voided (decisions 058, 076), as the rollups count it.
      sql<string>`coalesce(sum(charged_total_minor - released_subtotal_minor - released_fee_minor), 0)`.as(
        'charged_total_minor',
      ),
      sql<string>`coalesce(sum(charged_fee_minor - released_fee_minor), 0)`.as('charged_fee_minor'),
    ])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    orders: Number(r.orders),
    chargedTotalMinor: Number(r.charged_total_minor),
    chargedFeeMinor: Number(r.charged_fee_minor),
  }));
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
      'r.void_state',
      'r.void_reason',
      'r.claim_first_opened_at',
      'o.expires_at as order_expires_at',
      'o.organisation_id',
      'o.product_code',
      'o.product_name',
      'o.brand',
      'o.currency',
      'o.amount_minor',
      'o.message',
      'o.sandbox',
      // Risk rules at the claim (decision 083): whether the organisation has any, and the reward's review.
      'o.id as order_id',
      'o.country',
      sql<boolean>`(SELECT g.risk_claim_rules FROM organisations g WHERE g.id = o.organisation_id)`.as(
        'risk_claim_rules',
      ),
      sql<string | null>`(SELECT v.status FROM risk_reviews v WHERE v.reward_id = r.id AND v.stage = 'claim')`.as(
        'claim_review',
      ),
    ])
    .where('r.claim_token_hash', '=', hash)
    .executeTakeFirst();
}

/** The organisation's name and billing currency (the sender of its rewards, the currency it pays in). */
export function findOrganisationProfile(db: Tx, organisationId: string) {
  return db
    .selectFrom('organisations')
    .select(['name', 'billing_currency'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
}

/** What placing an order needs of its organisation, in one read (see findOrderOrganisation). */
export interface OrderOrganisation {
  frozen: boolean;
  sandbox: boolean;
  spendGuard: boolean;
  rewardExpiryDays: number | null;
  defaultMessage: string | null;
}

let orderOrganisationText: string | undefined;
/**
 * Everything an order reads of its organisation, in one statement prepared once per connection:
 * the sending freeze and the mode (decision 046), whether it needs the spend guard (084), the
 * rewards' default expiry (081) and the default message (issue 35). Three reads before (issue 36).
 */
export async function findOrderOrganisation(app: FastifyInstance, organisationId: string): Promise<OrderOrganisation> {
  orderOrganisationText ??= app.db
    .selectFrom('organisations')
    .select(['sending_frozen_at', 'sandbox', 'spend_guard', 'reward_expiry_days', 'default_message'])
    .where('id', '=', sql<string>`$1`)
    .compile().sql;
  type Row = {
    sending_frozen_at: Date | null;
    sandbox: boolean;
    spend_guard: boolean;
    reward_expiry_days: number | null;
    default_message: string | null;
  };
  const [row] = (await app.database.query<Row>(orderOrganisationText, [organisationId], 'order_organisation')).rows;
  if (!row) throw new Error(`organisation ${organisationId} not found`);
  return {
    frozen: Boolean(row.sending_frozen_at),
    sandbox: row.sandbox,
    spendGuard: row.spend_guard,
    rewardExpiryDays: row.reward_expiry_days,
    defaultMessage: row.default_message,
  };
}
/**
 * The organisations' order states as this process last read them (decision 093), so an order needs
 * no read before its statement: the statement checks the state it was built from against the row
 * and writes nothing when it changed (then `forget`, and read again). A frozen state is never
 * remembered, so sending resumes at the first order after the shortfall is paid.
 */
export interface OrganisationStates {
  read(organisationId: string, fresh: boolean): Promise<OrderOrganisation>;
  forget(organisationId: string): void;
}

const statesOf = new WeakMap<FastifyInstance, OrganisationStates>();
export function organisationStates(app: FastifyInstance): OrganisationStates {
  let states = statesOf.get(app);
  if (!states) {
    const known = new LRUCache<string, OrderOrganisation>({ max: 10_000 });
    states = {
      async read(organisationId, fresh) {
        const remembered = fresh ? undefined : known.get(organisationId);
        if (remembered) return remembered;
        const state = await findOrderOrganisation(app, organisationId);
        if (state.frozen) known.delete(organisationId);
        else known.set(organisationId, state);
        return state;
      },
      forget: (organisationId) => known.delete(organisationId),
    };
    statesOf.set(app, states);
  }
  return states;
}

/** The organisation's default expiry of rewards in days (decision 081), or null: never. Read fresh. */
export async function findRewardExpiryDays(db: Tx, organisationId: string): Promise<number | null> {
  const row = await db
    .selectFrom('organisations')
    .select('reward_expiry_days')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return row?.reward_expiry_days ?? null;
}

/** The organisation's default gift message (Settings → Organisation), or null. Read fresh: it is edited by people. */
export async function findDefaultMessage(db: Tx, organisationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('organisations')
    .select('default_message')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return row?.default_message ?? null;
}

export { modeOf, type Scope, sandboxOf };
