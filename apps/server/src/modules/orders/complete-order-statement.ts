import { jobsInsertFrom } from '../../plugins/queue';
import { captureCtes } from '../ledger';
import { cachedStatement, NamedParameters } from './statements';

/**
 * Fulfilled orders' completion as ONE statement (one transaction), like placing one
 * (place-order-statement.ts), for one order or for the orders of a fetch that complete in the same
 * turn (decision 094). For each order: the codes its run got stored (encrypted) on its rewards if
 * still pending, the order marked completed only if still pending and every reward is then issued
 * (those issued before, in the statement's snapshot, and those issued by it), the hold captured
 * (held → provider payable + fee revenue, decision 008), the `order.completed` and `email.queued`
 * events (and the public `order.completed`), and the recipient email's fallback job (pg-boss's own
 * insert, its JSON read from the completed orders' rows). Everything is written FROM the orders'
 * update, so a second run writes nothing, and an order not completed here writes nothing. A capture
 * that cannot be made leaves a posting without an account (NOT NULL) or an unbalanced entry
 * (checked at commit), and so aborts the whole statement: the caller then completes each order on
 * its own (lib/group-writer), so one order's failure never holds back another's completion.
 */
export interface CompleteOrderInput {
  orderId: string;
  completedAt: Date;
  /** The `order.completed` event's payload, as JSON text. */
  eventPayload: string;
  /** The address, or null for an order reached by text only (decision 088: `sms.queued`, not `email.queued`). */
  recipient: string | null;
  phone: string | null;
  /** The email's fallback job: pg-boss's insert statement and its JSON (a job with its own id). */
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
  'orderIds',
  'completedAts',
  'eventPayloads',
  'recipients',
  'phones',
  'jobs',
  'rewardOrderIds',
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
  const job = jobsInsertFrom(
    jobText,
    'SELECT json_agg(x.job ORDER BY f.k)::text FROM f, json_array_elements(f.job) AS x (job)',
  );
  return `WITH
x AS (
  SELECT * FROM unnest(${p('orderIds')}::uuid[], ${p('completedAts')}::timestamptz[], ${p('eventPayloads')}::text[],
    ${p('recipients')}::text[], ${p('phones')}::text[], ${p('jobs')}::text[]) WITH ORDINALITY
    AS x (order_id, completed_at, payload, recipient, phone, job, k)
),
-- The orders first, then their rewards: the order in which a pick, a void and the expiry sweep
-- take them (decision 089). Rewards first met a pick holding its order and waiting for the reward
-- this statement had just updated: a deadlock, and the pick answered 500. In id order, so two
-- completions of overlapping groups wait rather than deadlock.
lo AS MATERIALIZED (
  SELECT o.id FROM orders o WHERE o.id IN (SELECT order_id FROM x) ORDER BY o.id FOR NO KEY UPDATE
),
i AS (
  UPDATE rewards r SET status = 'issued', provider_order_id = y.provider_order_id, code_encrypted = y.code_encrypted,
    pin_encrypted = y.pin_encrypted, code_last4 = y.code_last4, redemption_url = y.redemption_url,
    expires_at = y.expires_at, issued_at = now(), lease_owner = NULL, lease_until = NULL
  FROM unnest(${p('rewardOrderIds')}::uuid[], ${p('rewardIds')}::uuid[], ${p('providerOrderIds')}::text[], ${p('codes')}::text[],
    ${p('pins')}::text[], ${p('last4s')}::text[], ${p('redemptionUrls')}::text[], ${p('expiresAts')}::timestamptz[])
    AS y (order_id, id, provider_order_id, code_encrypted, pin_encrypted, code_last4, redemption_url, expires_at)
  -- A gate with no column of its own (an InitPlan evaluated before the rewards are read): the
  -- orders are locked before any reward is.
  WHERE r.id = y.id AND r.order_id = y.order_id AND r.status = 'pending' AND (SELECT count(*) FROM lo) >= 0
  RETURNING r.id, r.order_id
),
f AS (
  UPDATE orders o SET status = 'completed', completed_at = x.completed_at, issued_count = o.quantity
  FROM x
  WHERE o.id = x.order_id AND o.status = 'pending'
    AND o.quantity = (SELECT count(*) FROM i WHERE i.order_id = o.id)
      + (SELECT count(*) FROM rewards WHERE order_id = o.id AND status = 'issued')
  RETURNING o.id, o.organisation_id, o.charge_currency, o.charged_total_minor, o.charged_subtotal_minor,
    o.charged_fee_minor, x.completed_at, x.payload::jsonb AS payload, x.recipient, x.phone, x.job::json AS job, x.k
),
${captureCtes({ order: 'f', description: "'Order fulfilled'" })},
ev AS (
  INSERT INTO order_events (order_id, organisation_id, type, payload)
  SELECT f.id, f.organisation_id, v.type, v.payload
  FROM f, LATERAL (VALUES (1, 'order.completed', f.payload), (2, CASE WHEN f.recipient IS NULL THEN 'sms.queued' ELSE 'email.queued' END, jsonb_strip_nulls(jsonb_build_object('to', f.recipient, 'phone', f.phone)))) AS v (n, type, payload)
  ORDER BY f.k, v.n
),
pe AS (
  INSERT INTO events (organisation_id, type, data, created_at)
  SELECT f.organisation_id, 'order.completed', f.payload, f.completed_at FROM f ORDER BY f.k
),
j AS (${job})
SELECT f.id AS order_id FROM f`;
}

/** The statement completing `inputs` (all of one queue's fallback jobs); its rows name the orders it completed. */
export function completeOrderStatement(inputs: CompleteOrderInput[]): {
  text: string;
  name: string;
  values: unknown[];
} {
  const jobText = inputs[0]?.job.text;
  if (jobText === undefined || inputs.some((o) => o.job.text !== jobText))
    throw new Error('a completion statement needs one job insert shared by its orders');
  const { text, name } = cachedStatement('complete_orders', jobText, () => buildText(jobText));
  const issued = inputs.flatMap((o) => o.issued.map((r) => ({ orderId: o.orderId, ...r })));
  return {
    text,
    name,
    values: PARAMS.values({
      orderIds: inputs.map((o) => o.orderId),
      completedAts: inputs.map((o) => o.completedAt),
      eventPayloads: inputs.map((o) => o.eventPayload),
      recipients: inputs.map((o) => o.recipient),
      phones: inputs.map((o) => o.phone),
      jobs: inputs.map((o) => o.job.json),
      rewardOrderIds: issued.map((r) => r.orderId),
      rewardIds: issued.map((r) => r.id),
      providerOrderIds: issued.map((r) => r.providerOrderId),
      codes: issued.map((r) => r.codeEncrypted),
      pins: issued.map((r) => r.pinEncrypted),
      last4s: issued.map((r) => r.codeLast4),
      redemptionUrls: issued.map((r) => r.redemptionUrl),
      expiresAts: issued.map((r) => r.expiresAt),
    }),
  };
}
