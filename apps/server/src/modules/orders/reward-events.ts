import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Transaction<Database> | Kysely<Database>;

/**
 * The reward lifecycle's public events (decision 029). Each is ONE statement: the change and its
 * event as CTEs, so both commit or neither does, and each change is conditional, so a repeat or a
 * race writes the event once. Times come from the caller in milliseconds (events' CHECK).
 */

/** The fields every `reward.*` event's data has, from the reward row `r` and the address. */
export const rewardData = (r: string, email: RawBuilder<unknown>) =>
  sql`'reward_id', ${sql.ref(`${r}.id`)}, 'order_id', ${sql.ref(`${r}.order_id`)}, 'recipient_email', ${email}, 'position', ${sql.ref(`${r}.position`)}`;

/**
 * A claim page opened: counts the opening and, the first time only, writes `reward.opened` (the
 * public event and the order's history line);
 * false for a voided reward, which is not opened. The
 * row is locked before it is read (FOR UPDATE), so of two first openings racing, the second
 * waits and then sees the first's time: one event.
 */
export async function recordClaimOpened(
  tx: Tx,
  rewardId: string,
  at: Date = new Date(),
  tokenHash?: string,
): Promise<boolean> {
  // A voided reward is not opened (decision 039): the void and the opening each change the row
  // only if the other has not, so a code is either shown or refunded, never both. With the
  // token's hash, a reward whose links were replaced meanwhile (a new address, decision 062) is
  // not opened either: the row lock makes the check see the committed token.
  const { rows } = await sql<{ opened: boolean }>`
    WITH old AS (
      SELECT id, claim_first_opened_at IS NULL AS first FROM rewards
      WHERE id = ${rewardId} AND void_state IS NULL
        -- Past its order's expiry (decision 081) a reward nobody opened is not opened any more:
        -- its value is going back, and the sweep that voids it and this opening take turns on the row.
        -- A choice made before it (the pick refuses after it) is a claim too: its card is the recipient's.
        AND (claim_first_opened_at IS NOT NULL OR chosen_at IS NOT NULL OR NOT EXISTS (
          SELECT 1 FROM orders x WHERE x.id = rewards.order_id AND x.expires_at <= ${at}::timestamptz))
        ${tokenHash === undefined ? sql`` : sql`AND claim_token_hash = ${tokenHash}`} FOR UPDATE
    ),
    u AS (
      UPDATE rewards r
      SET claim_first_opened_at = coalesce(r.claim_first_opened_at, ${at}::timestamptz),
          claim_last_opened_at = ${at}::timestamptz,
          claim_open_count = r.claim_open_count + 1
      FROM old WHERE r.id = old.id
      RETURNING r.id, r.order_id, r.organisation_id, r.position, old.first
    ),
    ev AS (
      INSERT INTO events (organisation_id, type, data, created_at)
      SELECT u.organisation_id, 'reward.opened',
             jsonb_build_object(${rewardData('u', sql`o.recipient_email`)}, 'opened_at', ${at.toISOString()}::text),
             ${at}::timestamptz
      FROM u JOIN orders o ON o.id = u.order_id
      WHERE u.first
    ),
    -- The order's history says it too (issue 35): "Opened", once per reward.
    hist AS (
      INSERT INTO order_events (order_id, organisation_id, type, payload, created_at)
      SELECT u.order_id, u.organisation_id, 'reward.opened', jsonb_build_object('position', u.position),
             ${at}::timestamptz
      FROM u WHERE u.first
    )
    SELECT EXISTS (SELECT 1 FROM u) AS opened`.execute(tx);
  return rows[0]?.opened === true;
}

/**
 * The recipient's mail server accepted the order's email (`to`): its issued rewards not yet
 * delivered become delivered, each with a `reward.delivered`. A second acceptance (the fallback
 * job after a crash, a resend) finds them delivered and writes nothing.
 */
export async function recordRewardsDelivered(tx: Tx, orderId: string, to: string, at: Date = new Date()) {
  return recordManyRewardsDelivered(tx, [{ orderId, to }], at);
}

/**
 * The same for several orders' emails in one statement (the fulfilment worker groups the
 * acceptances of a turn, decision 094); the events go out order by order, reward by reward.
 * An order named twice is recorded once, with its first address.
 */
export async function recordManyRewardsDelivered(
  tx: Tx,
  sent: { orderId: string; to: string }[],
  at: Date = new Date(),
) {
  const first = new Map<string, string>();
  for (const s of sent) if (!first.has(s.orderId)) first.set(s.orderId, s.to);
  const { rows } = await sql<{ n: number }>`
    WITH x AS (
      SELECT * FROM unnest(${[...first.keys()]}::uuid[], ${[...first.values()]}::text[]) WITH ORDINALITY AS x (order_id, email, k)
    ),
    u AS (
      UPDATE rewards SET delivered_at = ${at}::timestamptz
      FROM x
      WHERE rewards.order_id = x.order_id AND rewards.status = 'issued' AND rewards.delivered_at IS NULL
      RETURNING rewards.id, rewards.order_id, rewards.organisation_id, rewards.position, x.email, x.k
    ),
    ev AS (
      INSERT INTO events (organisation_id, type, data, created_at)
      SELECT u.organisation_id, 'reward.delivered',
             jsonb_build_object(${rewardData('u', sql`u.email`)}, 'delivered_at', ${at.toISOString()}::text),
             ${at}::timestamptz
      FROM u ORDER BY u.k, u.position
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ev`.execute(tx);
  return rows[0]?.n ?? 0;
}

/**
 * The recipient's mail server refused the order's email for good (an SMTP 5xx): one
 * `reward.email_bounced` per issued reward, once per message (`messageId`), so the same refusal
 * met again by the fallback job is not reported twice. The order is left as it is.
 */
export async function recordEmailBounced(
  tx: Tx,
  b: { orderId: string; to: string; messageId: string; smtpCode: number | null; smtpResponse: string; at?: Date },
) {
  const at = b.at ?? new Date();
  const { rows } = await sql<{ n: number }>`
    WITH b AS (
      INSERT INTO reward_email_bounces (reward_id, message_id, recipient_email, smtp_code, smtp_response, bounced_at)
      SELECT id, ${b.messageId}, ${b.to}, ${b.smtpCode}::int, ${b.smtpResponse}, ${at}::timestamptz
      FROM rewards WHERE order_id = ${b.orderId} AND status = 'issued'
      ON CONFLICT DO NOTHING
      RETURNING reward_id
    ),
    ev AS (
      INSERT INTO events (organisation_id, type, data, created_at)
      SELECT r.organisation_id, 'reward.email_bounced',
             jsonb_build_object(${rewardData('r', sql`${b.to}::text`)}, 'bounced_at', ${at.toISOString()}::text,
                                'smtp_code', ${b.smtpCode}::int, 'smtp_response', ${b.smtpResponse}::text),
             ${at}::timestamptz
      FROM b JOIN rewards r ON r.id = b.reward_id ORDER BY r.position
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ev`.execute(tx);
  return rows[0]?.n ?? 0;
}
