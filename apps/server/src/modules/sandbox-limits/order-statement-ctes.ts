/**
 * The daily cap's part of an order's single statement (decisions 012, 063, 093): CTEs that
 * orders/place-order-statement.ts splices into its text, so a sandbox order reserves its outside
 * addresses in the order's own round trip instead of a transaction of six before it. Every argument
 * is SQL text (a typed placeholder), never a value; the CTEs' names are fixed (`sx`, `sl`, `sr`,
 * `sc`, `sd`), as the caller reads `reserved`.
 *
 * How it holds under concurrency with ONE snapshot: a statement cannot see what another committed
 * after it began, so the count is not read from the addresses but kept in one row per organisation
 * (`sandbox_recipient_counts`), which is locked before any address is written and updated with ON
 * CONFLICT DO UPDATE (both see the row's latest committed version, whatever the snapshot). An
 * address is new only if this statement inserted it (ON CONFLICT DO NOTHING waits for a concurrent
 * insert of the same address and then yields). A count past the cap fails the row's CHECK, which
 * aborts the whole statement: nothing is held or written, this order's addresses included
 * (`isRecipientLimitViolation` tells that error apart).
 */
export interface RecipientCtes {
  /** The CTEs, comma-separated, to put before the hold's. */
  ctes: string;
  /**
   * SQL that is always true, and runs the reservation when evaluated: put it first in the hold's
   * condition so that the count's row is locked before the balance's, in the same order as a
   * batch's transaction (no deadlock between them).
   */
  reserved: string;
}

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

export function reserveRecipientsCtes(x: {
  organisation: string;
  /** The statement's mode (boolean): live orders reserve nothing. */
  sandbox: string;
  /** The cap (int), or NULL for none (SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY=off). */
  cap: string;
  /** The order's addresses and numbers (text[]), e-mail addresses in lower case. */
  addresses: string;
  /** Further SQL (`AND …`) without which nothing is reserved: a live credential, a key not answered. */
  condition: string;
}): RecipientCtes {
  const org = x.organisation;
  return {
    ctes: `sx AS (
  SELECT t.e FROM (SELECT DISTINCT e FROM unnest(${x.addresses}) AS e WHERE e IS NOT NULL) AS t
  WHERE ${x.cap} IS NOT NULL AND ${x.sandbox} ${x.condition}
    AND NOT EXISTS (SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
                    WHERE m.organisation_id = ${org} AND lower(u.email) = t.e)
    AND NOT EXISTS (SELECT 1 FROM sandbox_outside_recipients r
                    WHERE r.organisation_id = ${org} AND r.day = ${TODAY} AND r.email = t.e)
),
sl AS (SELECT day FROM sandbox_recipient_counts WHERE organisation_id = ${org} AND EXISTS (SELECT 1 FROM sx) FOR UPDATE),
sr AS (
  INSERT INTO sandbox_outside_recipients (organisation_id, day, email)
  SELECT ${org}, ${TODAY}, sx.e FROM sx WHERE (SELECT count(*) FROM sl) >= 0 ORDER BY sx.e
  ON CONFLICT DO NOTHING
  RETURNING email
),
sc AS (
  INSERT INTO sandbox_recipient_counts AS c (organisation_id, day, used, cap)
  SELECT ${org}, ${TODAY}, count(*), ${x.cap} FROM sr HAVING count(*) > 0
  ON CONFLICT (organisation_id) DO UPDATE
  SET used = CASE WHEN c.day = excluded.day THEN c.used + excluded.used ELSE excluded.used END,
      day = excluded.day, cap = excluded.cap
  RETURNING used
),
sd AS (
  DELETE FROM sandbox_outside_recipients
  WHERE organisation_id = ${org} AND day < ${TODAY} - 1
    AND EXISTS (SELECT 1 FROM sr) AND NOT EXISTS (SELECT 1 FROM sl WHERE sl.day = ${TODAY})
)`,
    reserved: '(SELECT count(*) FROM sc) >= 0',
  };
}

/** The CHECK a count past the cap fails (migration 0150). */
const WITHIN_CAP = 'sandbox_recipient_counts_within_cap';

/** Whether `err` is the order statement's refusal past the daily cap (it wrote nothing). */
export function isRecipientLimitViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23514' && (e.constraint === WITHIN_CAP || Boolean(e.message?.includes(WITHIN_CAP)));
}
