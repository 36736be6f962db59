/**
 * The ledger's part of the orders' single statements (decision 012): data-modifying CTEs that
 * orders/place-order-statement.ts and orders/complete-order-statement.ts splice into their text.
 * The ledger's rows stay written by the ledger module alone (decision 065) while an order stays
 * one statement, one round trip. Every argument is SQL text (a typed placeholder, or a column of the
 * caller's own CTE), never a value; the CTEs' names are fixed, as the callers' other CTEs read them.
 */

export interface HoldCtes {
  /** `a`: the available balance taken, RETURNING id, available_after. */
  available: string;
  /** `h`: the held balance given, RETURNING held_id, available_id. */
  held: string;
  /** `e`: the hold's entry, RETURNING id. */
  entry: string;
  /** `p`: its two postings. */
  postings: string;
}

/**
 * An order's hold (decision 008): `available` is moved by a conditional update (never below zero;
 * concurrent orders queue on the row and each sees the previous one's result), then `held`, always
 * in that order. Only an open account of the given mode is taken. `condition` is further SQL the
 * hold needs (`AND …`); whatever the caller writes FROM `h` is written only when the hold is.
 */
export function holdCtes(x: {
  organisation: string;
  amount: string;
  currency: string;
  sandbox: string;
  condition: string;
  orderId: string;
  description: string;
}): HoldCtes {
  return {
    available: `a AS (
  UPDATE ledger_accounts SET balance_minor = balance_minor - ${x.amount}
  WHERE organisation_id = ${x.organisation} AND kind = 'available' AND currency = ${x.currency}
    AND closed_at IS NULL AND live = NOT ${x.sandbox} AND balance_minor - ${x.amount} >= 0 ${x.condition}
  RETURNING id, balance_minor AS available_after
)`,
    held: `h AS (
  UPDATE ledger_accounts SET balance_minor = balance_minor + ${x.amount}
  FROM a
  WHERE ledger_accounts.organisation_id = ${x.organisation} AND ledger_accounts.kind = 'held'
    AND ledger_accounts.currency = ${x.currency} AND ledger_accounts.closed_at IS NULL
  RETURNING ledger_accounts.id AS held_id, a.id AS available_id
)`,
    entry: `e AS (
  INSERT INTO ledger_entries (organisation_id, kind, order_id, description)
  SELECT ${x.organisation}, 'hold', ${x.orderId}, ${x.description} FROM h
  RETURNING id
)`,
    postings: `p AS (
  INSERT INTO ledger_postings (entry_id, account_id, amount_minor)
  SELECT e.id, x.account_id, x.amount
  FROM e, h, LATERAL (VALUES (h.available_id, -${x.amount}), (h.held_id, ${x.amount})) AS x (account_id, amount)
)`,
  };
}

/**
 * Fulfilled orders' captures (decision 008): held → provider payable + fee revenue, for each order
 * the caller's CTE `order` returns (id, organisation_id, charge_currency, charged_total_minor,
 * charged_subtotal_minor, charged_fee_minor), one entry per order. Several orders of one
 * organisation take their held balance down once, by their sum (decision 094: a fetch's orders
 * complete in one statement). `h`, `e`, `p` as in the hold. A capture that cannot be made leaves
 * a posting without an account (NOT NULL) or an unbalanced entry (checked at commit), and so
 * aborts the whole statement.
 */
export function captureCtes(x: { order: string; description: string }): string {
  const f = x.order;
  return `h AS (
  UPDATE ledger_accounts SET balance_minor = balance_minor - s.total
  FROM (SELECT organisation_id, charge_currency, sum(charged_total_minor) AS total FROM ${f} GROUP BY 1, 2) s
  WHERE ledger_accounts.organisation_id = s.organisation_id AND ledger_accounts.kind = 'held'
    AND ledger_accounts.currency = s.charge_currency AND ledger_accounts.closed_at IS NULL
    AND ledger_accounts.balance_minor - s.total >= 0
  RETURNING ledger_accounts.id, ledger_accounts.organisation_id, ledger_accounts.currency
),
e AS (
  INSERT INTO ledger_entries (organisation_id, kind, order_id, description)
  SELECT ${f}.organisation_id, 'capture', ${f}.id, ${x.description} FROM ${f}
  RETURNING id, order_id
),
p AS (
  INSERT INTO ledger_postings (entry_id, account_id, amount_minor)
  SELECT e.id, x.account_id, x.amount
  FROM e JOIN ${f} ON ${f}.id = e.order_id, LATERAL (VALUES
    ((SELECT h.id FROM h WHERE h.organisation_id = ${f}.organisation_id AND h.currency = ${f}.charge_currency),
      -${f}.charged_total_minor),
    ((SELECT a.id FROM ledger_accounts a WHERE a.organisation_id IS NULL AND a.kind = 'provider_payable'
      AND a.currency = ${f}.charge_currency), ${f}.charged_subtotal_minor),
    ((SELECT a.id FROM ledger_accounts a WHERE a.organisation_id IS NULL AND a.kind = 'fee_revenue'
      AND a.currency = ${f}.charge_currency), ${f}.charged_fee_minor)
  ) AS x (account_id, amount)
  WHERE x.amount <> 0
)`;
}
