import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type AccountKind = 'available' | 'held' | 'funding_source' | 'provider_payable' | 'fee_revenue';
export type EntryKind =
  | 'funding'
  | 'hold'
  | 'capture'
  | 'release'
  | 'refund'
  // Card funding (decision 046): a refund's or dispute's debit, a won dispute's credit, a shortfall paid.
  | 'card_refund'
  | 'dispute'
  | 'dispute_won'
  | 'shortfall_recovery';
type Tx = Transaction<Database> | Kysely<Database>;

export interface Posting {
  /** Organisation accounts (available, held) belong to the entry's organisation; the rest are system accounts. */
  account: AccountKind;
  amountMinor: number;
}

const ORG_KINDS = new Set<AccountKind>(['available', 'held']);

/**
 * Creates the organisation's accounts in `currency` if they are missing, and the system accounts
 * of that currency, so that postings can name them without looking them up first.
 */
export async function ensureOrgAccounts(tx: Tx, organisationId: string, currency: string) {
  // The organisation's accounts belong to its current mode (decision 045).
  const live = sql<boolean>`(SELECT NOT sandbox FROM organisations WHERE id = ${organisationId})`;
  await tx
    .insertInto('ledger_accounts')
    .values([
      { organisation_id: organisationId, kind: 'available', currency, live },
      { organisation_id: organisationId, kind: 'held', currency, live },
      { organisation_id: null, kind: 'funding_source', currency, live: null },
      { organisation_id: null, kind: 'provider_payable', currency, live: null },
      { organisation_id: null, kind: 'fee_revenue', currency, live: null },
    ])
    // The open accounts are unique (ledger_accounts_open); closed ones are history.
    .onConflict((oc) => oc.columns(['organisation_id', 'kind', 'currency']).where('closed_at', 'is', null).doNothing())
    .execute();
}

/** Whether the organisation has an open account of this kind in `currency`. */
export async function hasAccount(tx: Tx, organisationId: string, kind: AccountKind, currency: string) {
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The open available balance in `currency` (undefined without an open account), its row locked
 * until the transaction ends, so concurrent orders, batches and card settlements queue behind the caller.
 */
export async function lockAvailableBalance(tx: Tx, organisationId: string, currency: string) {
  const account = await tx
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('organisation_id', '=', organisationId)
    .where('kind', '=', 'available')
    .where('currency', '=', currency)
    .where('closed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return account && Number(account.balance_minor);
}

/**
 * Closes the organisation's open accounts and answers what they held (going live, decision 045).
 * Touching the rows makes an order's hold that started before wait for this transaction, then find
 * no open account (it is refused, or it committed first and this sees what it holds).
 */
export async function closeOpenAccounts(tx: Tx, organisationId: string) {
  // Locked in the ledger's order, available before held (postEntry, the order statement), so an
  // order's hold and this never wait on each other's rows in opposite orders.
  const { rows } = await sql<{ kind: string; currency: string; balance_minor: string }>`
    UPDATE ledger_accounts a SET closed_at = now()
    FROM (SELECT id FROM ledger_accounts
          WHERE organisation_id = ${organisationId} AND closed_at IS NULL
          ORDER BY kind, id FOR UPDATE) l
    WHERE a.id = l.id
    RETURNING a.kind, a.currency, a.balance_minor`.execute(tx);
  return rows;
}

/** The organisation's billing currency and whether it is a sandbox. */
export async function organisationBilling(tx: Tx, organisationId: string) {
  return tx
    .selectFrom('organisations')
    .select(['billing_currency', 'sandbox'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
}

export class LedgerInsufficientFunds extends Error {
  constructor() {
    super('Insufficient balance');
    this.name = 'LedgerInsufficientFunds';
  }
}

/**
 * Writes one balanced journal entry and moves the organisation's running balances. Call it with
 * the caller's transaction: the entry and its postings must commit together. An organisation account that would go below zero aborts with
 * LedgerInsufficientFunds (the row update is conditional, so concurrent writers queue on the row
 * and each sees the balance the previous one left).
 */
export async function postEntry(
  tx: Kysely<Database>,
  entry: {
    organisationId: string;
    kind: EntryKind;
    currency: string;
    orderId?: string;
    /** A batch's hold (decision 043) names the batch. */
    batchId?: string;
    /**
     * The mode the money belongs to (decision 045): when given, only the organisation's open
     * account of that mode takes the posting, so money of a sandbox order can never land in a
     * live balance even if the organisation went live in the meantime.
     */
    live?: boolean;
    description: string;
    postings: Posting[];
  },
): Promise<string> {
  const sum = entry.postings.reduce((s, p) => s + p.amountMinor, 0);
  if (sum !== 0) throw new Error(`ledger entry does not balance (sum ${sum})`);

  // Organisation rows first, in a fixed order (available before held), so two entries never wait
  // on each other's rows in opposite orders, and so a refusal comes before anything is written.
  const orgPostings = entry.postings
    .filter((p) => ORG_KINDS.has(p.account))
    .sort((a, b) => (a.account === b.account ? 0 : a.account === 'available' ? -1 : 1));
  const lines: { account_id: string | null; kind: AccountKind; amount_minor: number }[] = [];
  for (const p of orgPostings) {
    const row = await tx
      .updateTable('ledger_accounts')
      .set({ balance_minor: sql`balance_minor + ${p.amountMinor}` })
      .where('organisation_id', '=', entry.organisationId)
      .where('kind', '=', p.account)
      .where('currency', '=', entry.currency)
      .where('closed_at', 'is', null)
      .$if(entry.live !== undefined, (q) => q.where('live', '=', entry.live as boolean))
      .where(sql<boolean>`balance_minor + ${p.amountMinor} >= 0`)
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      const exists = await tx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('organisation_id', '=', entry.organisationId)
        .where('kind', '=', p.account)
        .where('currency', '=', entry.currency)
        .where('closed_at', 'is', null)
        .$if(entry.live !== undefined, (q) => q.where('live', '=', entry.live as boolean))
        .executeTakeFirst();
      if (!exists)
        throw new Error(`organisation ${entry.organisationId} has no ${p.account} account in ${entry.currency}`);
      throw new LedgerInsufficientFunds();
    }
    lines.push({ account_id: row.id, kind: p.account, amount_minor: p.amountMinor });
  }
  for (const p of entry.postings.filter((x) => !ORG_KINDS.has(x.account))) {
    // System accounts are found by the statement below (ensureOrgAccounts made them).
    lines.push({ account_id: null, kind: p.account, amount_minor: p.amountMinor });
  }
  // The entry and its postings in one statement: one round trip on the order's hot path.
  const values = sql.join(lines.map((l) => sql`(${l.account_id}::bigint, ${l.kind}::text, ${l.amount_minor}::bigint)`));
  const { rows } = await sql<{ entry_id: string }>`
    WITH e AS (
      INSERT INTO ledger_entries (organisation_id, kind, order_id, batch_id, description)
      VALUES (${entry.organisationId}, ${entry.kind}, ${entry.orderId ?? null}, ${entry.batchId ?? null}::uuid, ${entry.description})
      RETURNING id
    )
    INSERT INTO ledger_postings (entry_id, account_id, amount_minor)
    SELECT e.id,
           coalesce(v.account_id, (SELECT a.id FROM ledger_accounts a
                                   WHERE a.organisation_id IS NULL AND a.kind = v.kind AND a.currency = ${entry.currency})),
           v.amount
    FROM e, (VALUES ${values}) AS v (account_id, kind, amount)
    RETURNING entry_id
  `.execute(tx);
  return rows[0]?.entry_id as string;
}

export interface Balance {
  availableMinor: number;
  heldMinor: number;
  currency: string;
}

export async function getBalance(tx: Tx, organisationId: string, currency: string): Promise<Balance> {
  const rows = await tx
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance_minor'])
    .where('organisation_id', '=', organisationId)
    .where('currency', '=', currency)
    .where('closed_at', 'is', null)
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance_minor ?? 0);
  return { availableMinor: of('available'), heldMinor: of('held'), currency };
}

/** The organisation's open balances recomputed from the journal alone, for audits and tests. */
export async function replayBalance(tx: Tx, organisationId: string, currency: string): Promise<Balance> {
  const rows = await tx
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['a.kind', sql<string>`sum(p.amount_minor)`.as('total')])
    .where('a.organisation_id', '=', organisationId)
    .where('a.currency', '=', currency)
    .where('a.closed_at', 'is', null)
    .groupBy('a.kind')
    .execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { availableMinor: of('available'), heldMinor: of('held'), currency };
}
