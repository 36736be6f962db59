import { APPROVAL_WAIT_DAYS } from '@giftrelay/contracts';
import { exponentOf } from '@giftrelay/money';
import { credentialIsActive, credentialParameters, type UncheckedCredential } from '../../plugins/auth';
import { jobInsertGatedBy } from '../../plugins/queue';
import { priorAnswerCte, storeAnswerCte } from '../idempotency';
import { holdCtes } from '../ledger';
import { reserveRecipientsCtes } from '../sandbox-limits';
import { ORDER_COLUMN_TYPES as ALL_ORDER_COLUMN_TYPES } from './order-column-types';
import type { NewOrderRow } from './prepare-order';
import { cachedStatement, NamedParameters } from './statements';

/**
 * Placing an order is ONE SQL statement, and so one transaction (docs/decisions/012): the ledger
 * hold, the order, its rewards, its `order.created` event (in the order's history and the public
 * `events`), the fulfilment job and, with an
 * Idempotency-Key, the stored answer, as data-modifying CTEs. One round trip and one commit per
 * order instead of nine round trips; `npm run bench:orders` runs this very text as its ceiling.
 *
 * - The hold follows decision 008: `available` is moved by a conditional update (never below
 *   zero; concurrent orders queue on the row and each sees the previous one's result), then `held`,
 *   always in that order. Everything else is written FROM the hold's output, so when the balance is
 *   too low the statement writes nothing at all and answers `held = false`.
 * - With a key, `pg_try_advisory_xact_lock` on (organisation, key) marks the execution in progress
 *   for as long as it runs: a concurrent duplicate does not get it and is told 409. A key already
 *   answered is read in the same statement (`prior_*`) and nothing is written; one committed by a
 *   racing request after this statement's snapshot is caught by the key's primary key (23505), which
 *   aborts the statement whole. The answer is inserted only FROM the hold, so it commits with the
 *   order or not at all.
 * - `balance.low` (decision 029) is one more CTE fed by the hold's RETURNING: the available
 *   balance after (`a.available_after`) and before (after + total) are both known, so the event is
 *   written only when this order CROSSES the organisation's threshold, never again while the
 *   balance stays below. Concurrent orders queue on the account row and each sees the previous
 *   one's result, so exactly one of them crosses. Its cost per order is one primary-key probe of
 *   `organisations`; no write unless it crosses.
 * - The caller's session or API key is checked here too (`session_live`, the check
 *   `app.authenticate` makes, see `app.verifyToken`): a token whose session has ended, or a key
 *   revoked a moment ago by another process, writes nothing.
 * - Approval rules (decision 035) are one more CTE, `ap`: for a session whose member is a sender,
 *   the organisation's rules against the order's total in USD (`usd_total_minor`, converted when
 *   placed) and, with a monthly cap, the sender's orders this UTC month. An order they catch is
 *   written as `pending_approval`, held like any other, with no fulfilment job; its event and its
 *   stored answer say so. Owners', admins' and API keys' orders never wait. The monthly sum reads
 *   the statement's snapshot: two orders racing by one sender may both pass a cap (see 035).
 * - The fulfilment job is pg-boss's own insert statement for the queue (`job.text`, whose `$1` is
 *   the job's JSON), fed only when the hold happened. It carries no NOTIFY: a NOTIFY inside a
 *   transaction takes a database-wide lock from its commit until the commit is flushed, which
 *   serialises every such order commit behind one WAL flush at a time. Workers are woken after the
 *   commit instead (queue plugin's `wake`).
 * - Risk rules (decision 083) are one more CTE, `rk`: `risk_order_matches` (migration 0139) reads
 *   the platform rules for the address and its domain (one index probe) and, only when the
 *   organisation's `risk_order_rules` flag says it has rules, those rules. A `hold` writes the
 *   order as `pending_review`, held like any other, with no job, its review row and `reward.held`;
 *   a `block` stops the hold, so nothing at all is written and the statement answers `blocked`.
 *   With a daily total rule the function counts the order in its day's row (decision 097); when
 *   the statement then writes nothing, `rb` takes it back before the commit.
 * - Sandbox is not a mail relay (decisions 063, 093): a sandbox order's outside addresses take
 *   their places in the day's cap here, before the hold (sandbox-limits/order-statement-ctes.ts).
 *   Past the cap the statement fails whole (`isRecipientLimitViolation`): nothing is written.
 * - The organisation's state the order was built from (`organisation`: not frozen, its mode, its
 *   spend guard, default expiry and message) is checked here against its row (`st`): when it has
 *   changed, nothing is written and `state_fresh` is false, so the caller reads it again and
 *   builds the order anew. The caller may then remember the state between orders (decision 093).
 *
 * This file is longer than the module's usual 250 lines on purpose: it is one SQL statement, and
 * its CTEs read against each other and against this list; split, the statement could not be read.
 */
export interface PlaceOrderInput {
  order: NewOrderRow;
  /**
   * The mode the answers state (the organisation's, read before): the hold takes only an open
   * account of this mode, so an organisation that went live meanwhile is refused, never answered
   * wrongly (decision 045). The order row's own mode comes from its trigger, the same.
   */
  sandbox: boolean;
  /**
   * The caller's session or API key, checked in the statement (the organisation is the order's), or
   * an OAuth grant's, which the caller checked in the transaction this statement runs in (MCP).
   */
  credential: UncheckedCredential | CheckedInTransaction;
  rewards: { claim_token_hash: string; claim_token_encrypted: string }[];
  /** The `order.created` event's payload, as JSON text, for an order that goes ahead and one that waits. */
  eventPayload: string;
  eventPayloadWaiting: string;
  holdDescription: string;
  /**
   * An audit line written with the order (an AI agent's, decision 074): its `detail` (JSON text)
   * gains `pending_approval` and `pending_review` as the statement decided them.
   */
  audit?: { action: string; apiKeyId: string | null; detail: string };
  /** pg-boss's insert statement for the fulfilment job (parameter `$1`) and that parameter. */
  job: { text: string; json: string };
  /** With a key: the answers to store, for an order that goes ahead, one that waits, and one held for review. */
  key?: {
    key: string;
    requestHash: string;
    answer: string;
    answerWaiting: string;
    answerReview: string;
    keepHours: number;
  };
  /**
   * Sandbox is not a mail relay (decision 063): the instance's daily cap of outside addresses (null:
   * none) and the order's addresses and number (e-mail addresses in lower case), reserved in the
   * statement when `sandbox`.
   */
  recipients: { cap: number | null; addresses: string[] };
  /**
   * What the order was built from, read of the organisation (not frozen, in the mode `sandbox`):
   * whether it had the spend guard, its default expiry and message. Checked by the statement.
   */
  organisation: { spendGuard: boolean; rewardExpiryDays: number | null; defaultMessage: string | null };
  /** Risk rules (decision 083): the in-memory inputs, the review's id, and `reward.held`'s payload (JSON). */
  risk: {
    usdRewardMinor: number;
    disposable: boolean;
    sandboxMatch: string | null;
    reviewId: string;
    heldPayload: string;
  };
}

/**
 * A credential the caller checked inside the transaction the order statement then runs in (an MCP
 * agent's OAuth grant, decision 074): the statement takes it as live.
 */
export interface CheckedInTransaction {
  kind: 'checked_in_transaction';
  organisationId: string;
  userId: string | null;
}

export interface PlaceOrderResult {
  /** False when the organisation's state is not what the order was built from: nothing was written. */
  state_fresh: boolean;
  /** False when the caller's session has ended or key was revoked: nothing was written. */
  session_live: boolean;
  /** False when another execution with the same key is running right now. */
  got_lock: boolean;
  /** True when the hold, and so everything else, was written. */
  held: boolean;
  /** True when an approval rule caught the order: written as `pending_approval`, no job. */
  waiting: boolean;
  /** True when a risk rule held the order: written as `pending_review`, no job. */
  review: boolean;
  /** True when a risk rule blocked the order: nothing was written. */
  blocked: boolean;
  /** The rules matched (`{action, scope, matched}`), or null. */
  risk: { action: 'hold' | 'block'; scope: string; matched: unknown[] } | null;
  /** The key's earlier answer, when it has one (all four null otherwise). */
  prior_hash: string | null;
  prior_status: number | null;
  prior_body: string | null;
  prior_expired: boolean | null;
}

// Each column with its type (order-column-types.ts): the parameters are typed in the text, so both
// engines read them alike. The status is the statement's to decide, and an API order is no batch's.
const { status: _status, batch_id: _batch, ...ORDER_COLUMN_TYPES } = ALL_ORDER_COLUMN_TYPES;
const ORDER_COLUMNS = Object.keys(ORDER_COLUMN_TYPES) as (keyof typeof ORDER_COLUMN_TYPES)[];

const FIXED = [
  'job',
  'org',
  'sandbox',
  'total',
  'chargeCurrency',
  'chargeExponent',
  'holdDescription',
  'eventPayload',
  'eventPayloadWaiting',
  'hashes',
  'encrypted',
  'credentialKind',
  'credentialId',
  'userId',
  'credentialRoles',
  'riskUsdReward',
  'riskDisposable',
  'riskSandbox',
  'reviewId',
  'heldPayload',
  'auditAction',
  'auditApiKeyId',
  'auditDetail',
  'recipientCap',
  'recipientAddresses',
  'stateSpendGuard',
  'stateExpiryDays',
  'stateMessage',
] as const;
const KEYED = ['key', 'requestHash', 'answer', 'answerWaiting', 'answerReview', 'keepHours'] as const;
type OrderParam = `order.${(typeof ORDER_COLUMNS)[number]}`;
type Param = (typeof FIXED)[number] | OrderParam | (typeof KEYED)[number];

const PLAIN = new NamedParameters<Param>([...FIXED, ...ORDER_COLUMNS.map((c): OrderParam => `order.${c}`)]);
const WITH_KEY = new NamedParameters<Param>([...PLAIN.names, ...KEYED]);

function buildText(jobText: string, keyed: boolean): string {
  const params = keyed ? WITH_KEY : PLAIN;
  const p = (name: Param) => params.placeholder(name);
  const col = (c: keyof typeof ORDER_COLUMN_TYPES) => `${p(`order.${c}`)}::${ORDER_COLUMN_TYPES[c]}`;
  const org = `${p('org')}::uuid`;
  const orderId = col('id');
  const job = jobInsertGatedBy(jobText, 'go', p('job'));
  const userId = `${p('userId')}::uuid`;
  const createdAt = col('created_at');
  const usd = col('usd_total_minor');
  const approval = '(SELECT needed FROM ap)';
  const review = `coalesce((SELECT m->>'action' FROM rk) = 'hold', false)`;
  const blocked = `coalesce((SELECT m->>'action' FROM rk) = 'block', false)`;
  // A held order waits for the review, not for approval: one waiting state at a time.
  const waiting = `(${approval} AND NOT ${review})`;
  // An AI agent's order (MCP, decision 074) meets the approval rules as a sender's does, whoever
  // made its key or approved its grant; its monthly cap counts the agent's own orders.
  const agent = `(${col('source_kind')} IS NOT NULL)`;
  // The order's status and its event's payload, whichever the rules decided.
  const status = `CASE WHEN ${review} THEN 'pending_review' WHEN ${waiting} THEN 'pending_approval' WHEN ${col('send_at')} IS NOT NULL THEN 'scheduled' ELSE 'pending' END`;
  const payload = `(CASE WHEN ${review} THEN jsonb_set(${p('eventPayload')}::jsonb, '{order,status}', '"pending_review"')
    WHEN ${waiting} THEN ${p('eventPayloadWaiting')}::jsonb ELSE ${p('eventPayload')}::jsonb END)`;
  const goes = `AND (SELECT fresh FROM st) AND (SELECT live FROM s)${keyed ? ' AND (SELECT got FROM lk) AND NOT EXISTS (SELECT 1 FROM prior)' : ''}`;
  const recipients = reserveRecipientsCtes({
    organisation: org,
    sandbox: `${p('sandbox')}::boolean`,
    cap: `${p('recipientCap')}::int`,
    addresses: `${p('recipientAddresses')}::text[]`,
    condition: goes,
  });
  // The reservation first: the count's row is locked before the balance's (see `reserved`).
  const gate = `AND ${recipients.reserved} AND NOT ${blocked} ${goes}`;
  const hold = holdCtes({
    organisation: org,
    amount: `${p('total')}::bigint`,
    currency: `${p('chargeCurrency')}::text`,
    sandbox: `${p('sandbox')}::boolean`,
    condition: gate,
    orderId,
    description: `${p('holdDescription')}::text`,
  });
  return `WITH
s AS (SELECT ${p('credentialKind')}::text = 'checked_in_transaction'
  OR ${credentialIsActive(p('credentialKind'), p('credentialId'), p('userId'), p('org'), p('credentialRoles'))} AS live),
st AS (
  SELECT coalesce((
    SELECT g.sending_frozen_at IS NULL AND g.sandbox = ${p('sandbox')}::boolean AND g.spend_guard = ${p('stateSpendGuard')}::boolean
      AND g.reward_expiry_days IS NOT DISTINCT FROM ${p('stateExpiryDays')}::int
      AND g.default_message IS NOT DISTINCT FROM ${p('stateMessage')}::text
    FROM organisations g WHERE g.id = ${org}), false) AS fresh
),
${
  keyed
    ? `lk AS (SELECT pg_try_advisory_xact_lock(hashtextextended(${org}::text || ':' || ${p('key')}::text, 0)) AS got),
${priorAnswerCte({ organisation: org, key: `${p('key')}::text` })},`
    : ''
}
ap AS (
  SELECT coalesce((
    SELECT (m.role = 'sender' OR ${agent}) AND (
      g.approval_every_sender_order
      OR ${usd} > g.approval_above_usd_minor
      OR (g.approval_monthly_cap_usd_minor IS NOT NULL AND ${usd} + (
        SELECT coalesce(sum(x.usd_total_minor), 0) FROM orders x
        WHERE x.organisation_id = ${org}
          AND CASE WHEN ${agent} THEN x.source_id = ${col('source_id')} ELSE x.created_by = ${userId} END
          AND x.created_at >= date_trunc('month', ${createdAt} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
          AND x.status NOT IN ('failed', 'rejected')
      ) > g.approval_monthly_cap_usd_minor))
    FROM organisations g LEFT JOIN memberships m ON m.organisation_id = g.id AND m.user_id = ${userId}
    WHERE g.id = ${org} AND (${p('credentialKind')}::text = 'session' AND m.role IS NOT NULL OR ${agent})
  ), false) AS needed
),
${recipients.ctes},
rk AS (
  SELECT risk_order_matches(${org}, ${col('recipient_email')}, ${col('quantity')}, ${p('riskUsdReward')}::bigint, ${usd},
    ${p('riskDisposable')}::boolean, ${p('riskSandbox')}::jsonb, ${createdAt}) AS m
),
${hold.available},
bl AS (
  INSERT INTO events (organisation_id, type, data, created_at)
  SELECT ${org}, 'balance.low',
         jsonb_build_object(
           'available', trim_scale(a.available_after::numeric / (10::numeric ^ ${p('chargeExponent')}::int)),
           'available_minor', a.available_after,
           'currency', ${p('chargeCurrency')}::text,
           'threshold_minor', g.low_balance_threshold_minor),
         ${col('created_at')}
  FROM a JOIN organisations g ON g.id = ${org}
  WHERE a.available_after < g.low_balance_threshold_minor
    AND a.available_after + ${p('total')}::bigint >= g.low_balance_threshold_minor
),
${hold.held},
${hold.entry},
${hold.postings},
o AS (
  INSERT INTO orders (${ORDER_COLUMNS.join(', ')}, status, approval_expires_at)
  SELECT ${ORDER_COLUMNS.map(col).join(', ')}, ${status},
         CASE WHEN ${waiting} THEN ${createdAt} + interval '${APPROVAL_WAIT_DAYS} days' END
  FROM h
),
r AS (
  INSERT INTO rewards (order_id, organisation_id, position, claim_token_hash, claim_token_encrypted, status)
  SELECT ${orderId}, ${org}, t.position, t.hash, t.encrypted,
         -- A choice reward (decision 080) waits for its recipient's pick.
         CASE WHEN ${col('choice_product_codes')} IS NULL THEN 'pending' ELSE 'awaiting_choice' END
  FROM h, unnest(${p('hashes')}::text[], ${p('encrypted')}::text[]) WITH ORDINALITY AS t (hash, encrypted, position)
),
ev AS (
  INSERT INTO order_events (order_id, organisation_id, type, payload, created_at)
  SELECT ${orderId}, ${org}, 'order.created', ${payload}, ${createdAt} FROM h
),
pe AS (
  INSERT INTO events (organisation_id, type, data, created_at)
  SELECT ${org}, 'order.created', ${payload}, ${createdAt} FROM h
),
rv AS (
  INSERT INTO risk_reviews (id, organisation_id, order_id, stage, scope, matched, sandbox, created_at)
  SELECT ${p('reviewId')}::uuid, ${org}, ${orderId}, 'order', rk.m->>'scope', rk.m->'matched', ${p('sandbox')}::boolean, ${createdAt}
  FROM h, rk WHERE ${review}
),
he AS (
  INSERT INTO events (organisation_id, type, data, created_at)
  SELECT ${org}, 'reward.held',
         jsonb_set(jsonb_set(${p('heldPayload')}::jsonb, '{review,matched}', rk.m->'matched'), '{review,scope}', to_jsonb(rk.m->>'scope')),
         ${createdAt}
  FROM h, rk WHERE ${review}
),
au AS (
  INSERT INTO audit_events (organisation_id, action, actor_user_id, api_key_id, detail)
  SELECT ${org}, ${p('auditAction')}::text, NULL, ${p('auditApiKeyId')}::uuid,
         ${p('auditDetail')}::jsonb || jsonb_build_object('pending_approval', ${waiting}, 'pending_review', ${review})
  FROM h WHERE ${p('auditAction')}::text IS NOT NULL
),
-- The daily total counted the order in its day's row (\`rk\`): written nothing, it is taken back.
rb AS (SELECT risk_day_uncount(${org}, ${usd}, ${createdAt}) AS n
  WHERE EXISTS (SELECT 1 FROM rk) AND NOT EXISTS (SELECT 1 FROM h)),
go AS (SELECT 1 FROM h WHERE NOT ${waiting} AND NOT ${review}),
j AS (${job})${
    keyed
      ? `,
${storeAnswerCte({
  organisation: org,
  key: `${p('key')}::text`,
  requestHash: `${p('requestHash')}::text`,
  body: `CASE WHEN ${review} THEN ${p('answerReview')}::text WHEN ${waiting} THEN ${p('answerWaiting')}::text ELSE ${p('answer')}::text END`,
  keepHours: `${p('keepHours')}::int`,
  from: 'h',
})}`
      : ''
  }
SELECT (SELECT fresh FROM st) AS state_fresh, (SELECT live FROM s) AS session_live, ${keyed ? '(SELECT got FROM lk)' : 'true'} AS got_lock,
       EXISTS (SELECT 1 FROM h) AS held, EXISTS (SELECT 1 FROM h) AND ${waiting} AS waiting,
       EXISTS (SELECT 1 FROM h) AND ${review} AS review, ${blocked} AND (SELECT live FROM s) AS blocked,
       (SELECT m FROM rk) AS risk, (SELECT n FROM rb) AS uncounted,
       ${
         keyed
           ? `prior.request_hash AS prior_hash, prior.response_status AS prior_status,
       prior.response_body AS prior_body, prior.expired AS prior_expired
FROM (SELECT 1) AS one LEFT JOIN prior ON true`
           : `NULL AS prior_hash, NULL::int AS prior_status, NULL AS prior_body, NULL::boolean AS prior_expired`
}`;
}

/** The statement (text, a stable prepared-statement name, and values) for one order. */
export function placeOrderStatement(input: PlaceOrderInput): { text: string; name: string; values: unknown[] } {
  const keyed = Boolean(input.key);
  const { text, name } = cachedStatement(`place_order_${keyed ? 'keyed' : 'plain'}`, input.job.text, () =>
    buildText(input.job.text, keyed),
  );
  const { order } = input;
  const record = {
    job: input.job.json,
    org: order.organisation_id,
    sandbox: input.sandbox,
    total: order.charged_total_minor,
    chargeCurrency: order.charge_currency,
    chargeExponent: exponentOf(order.charge_currency),
    holdDescription: input.holdDescription,
    eventPayload: input.eventPayload,
    eventPayloadWaiting: input.eventPayloadWaiting,
    hashes: input.rewards.map((r) => r.claim_token_hash),
    encrypted: input.rewards.map((r) => r.claim_token_encrypted),
    ...credentialValues(input.credential),
    riskUsdReward: input.risk.usdRewardMinor,
    riskDisposable: input.risk.disposable,
    riskSandbox: input.risk.sandboxMatch,
    reviewId: input.risk.reviewId,
    heldPayload: input.risk.heldPayload,
    auditAction: input.audit?.action ?? null,
    auditApiKeyId: input.audit?.apiKeyId ?? null,
    auditDetail: input.audit?.detail ?? null,
    recipientCap: input.recipients.cap,
    recipientAddresses: input.recipients.addresses,
    stateSpendGuard: input.organisation.spendGuard,
    stateExpiryDays: input.organisation.rewardExpiryDays,
    stateMessage: input.organisation.defaultMessage,
    ...(Object.fromEntries(ORDER_COLUMNS.map((c) => [`order.${c}`, order[c]])) as Record<OrderParam, unknown>),
    ...(input.key ?? {
      key: null,
      requestHash: null,
      answer: null,
      answerWaiting: null,
      answerReview: null,
      keepHours: null,
    }),
  };
  return { text, name, values: (keyed ? WITH_KEY : PLAIN).values(record) };
}

function credentialValues(c: UncheckedCredential | CheckedInTransaction) {
  if (c.kind === 'checked_in_transaction')
    return { credentialKind: c.kind, credentialId: null, userId: c.userId, credentialRoles: null };
  const [credentialKind, credentialId, userId, , credentialRoles] = credentialParameters(c);
  return { credentialKind, credentialId, userId, credentialRoles };
}
