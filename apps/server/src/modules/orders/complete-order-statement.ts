import { jobInsertGatedBy } from '../../plugins/queue';
import { captureCtes } from '../ledger';
import { cachedStatement, NamedParameters } from './statements';

/**
 * A fulfilled order's completion as ONE statement (one transaction), like placing it
 * (place-order-statement.ts): the codes this run got stored (encrypted) on their rewards if still
 * pending, the order marked completed only if still pending and every reward is then issued (those
 * issued before, in the statement's snapshot, and those issued by it), the hold captured
 * (held → provider payable + fee revenue, decision 008), the `order.completed` and `email.queued`
 * events (and the public `order.completed`), and the recipient email's fallback job (pg-boss's own insert, `$1` its JSON). Everything
 * is written FROM the order's update, so a second run writes nothing. A capture that cannot be made
 * leaves a posting without an account (NOT NULL) or an unbalanced entry (checked at commit), and so
 * aborts the whole statement.
 */
export interface CompleteOrderInput {
  orderId: string;
  completedAt: Date;
  /** The `order.completed` event's payload, as JSON text. */
  eventPayload: string;
  /** The address, or null for an order reached by text only (decision 088: `sms.queued`, not `email.queued`). */
  recipient: string | null;
  phone: string | null;
  /** The email's fallback job: pg-boss's insert statement and its `$1`. */
  job: { text: string; json: string };
  /** The codes this run got from the provider, already encrypted. */
  issued: IssuedReward[];
}

export interface IssuedReward {
  id: string;
  providerOrderId: string;
  codeEncrypted: string;
  pinEncrypted: string | null;
  codeLast4: string;
  redemptionUrl: string | null;
  expiresAt: Date | null;
}

const PARAMS = new NamedParameters([
  'job',
  'orderId',
  'completedAt',
  'eventPayload',
  'recipient',
  'phone',
  'rewardIds',
  'providerOrderIds',
  'codes',
  'pins',
  'last4s',
  'redemptionUrls',
  'expiresAts',
] as const);

function buildText(jobText: string): string {
  const p = (name: (typeof PARAMS.names)[number]) => PARAMS.placeholder(name);
  const orderId = `${p('orderId')}::uuid`;
  const job = jobInsertGatedBy(jobText, 'f', p('job'));
  return `WITH
i AS (
  UPDATE rewards r SET status = 'issued', provider_order_id = x.provider_order_id, code_encrypted = x.code_encrypted,
    pin_encrypted = x.pin_encrypted, code_last4 = x.code_last4, redemption_url = x.redemption_url,
    expires_at = x.expires_at, issued_at = now(), lease_owner = NULL, lease_until = NULL
  FROM unnest(${p('rewardIds')}::uuid[], ${p('providerOrderIds')}::text[], ${p('codes')}::text[], ${p('pins')}::text[],
    ${p('last4s')}::text[], ${p('redemptionUrls')}::text[], ${p('expiresAts')}::timestamptz[])
    AS x (id, provider_order_id, code_encrypted, pin_encrypted, code_last4, redemption_url, expires_at)
  WHERE r.id = x.id AND r.order_id = ${orderId} AND r.status = 'pending'
  RETURNING r.id
),
f AS (
  UPDATE orders SET status = 'completed', completed_at = ${p('completedAt')}::timestamptz, issued_count = quantity
  WHERE id = ${orderId} AND status = 'pending'
    AND quantity = (SELECT count(*) FROM i)
      + (SELECT count(*) FROM rewards WHERE order_id = ${orderId} AND status = 'issued')
  RETURNING organisation_id, charge_currency, charged_total_minor, charged_subtotal_minor, charged_fee_minor
),
${captureCtes({ order: 'f', orderId, description: "'Order fulfilled'" })},
ev AS (
  INSERT INTO order_events (order_id, organisation_id, type, payload)
  SELECT ${orderId}, f.organisation_id, v.type, v.payload
  FROM f, (VALUES ('order.completed', ${p('eventPayload')}::jsonb), (CASE WHEN ${p('recipient')}::text IS NULL THEN 'sms.queued' ELSE 'email.queued' END, jsonb_strip_nulls(jsonb_build_object('to', ${p('recipient')}::text, 'phone', ${p('phone')}::text)))) AS v (type, payload)
),
pe AS (
  INSERT INTO events (organisation_id, type, data, created_at)
  SELECT f.organisation_id, 'order.completed', ${p('eventPayload')}::jsonb, ${p('completedAt')}::timestamptz FROM f
),
j AS (${job})
SELECT EXISTS (SELECT 1 FROM f) AS completed, (SELECT id FROM j) AS fallback_job_id`;
}

export function completeOrderStatement(input: CompleteOrderInput): { text: string; name: string; values: unknown[] } {
  const { text, name } = cachedStatement('complete_order', input.job.text, () => buildText(input.job.text));
  return {
    text,
    name,
    values: PARAMS.values({
      job: input.job.json,
      orderId: input.orderId,
      completedAt: input.completedAt,
      eventPayload: input.eventPayload,
      recipient: input.recipient,
      phone: input.phone,
      rewardIds: input.issued.map((r) => r.id),
      providerOrderIds: input.issued.map((r) => r.providerOrderId),
      codes: input.issued.map((r) => r.codeEncrypted),
      pins: input.issued.map((r) => r.pinEncrypted),
      last4s: input.issued.map((r) => r.codeLast4),
      redemptionUrls: input.issued.map((r) => r.redemptionUrl),
      expiresAts: input.issued.map((r) => r.expiresAt),
    }),
  };
}
