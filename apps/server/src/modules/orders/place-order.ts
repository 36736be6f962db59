import type { CreateOrderBody, EventData } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { credentialEnded, type UncheckedCredential } from '../../plugins/auth';
import { modeLabel } from '../../plugins/metrics';
import { refuseIfFrozen } from '../card-funding';
import {
  earlierAnswer,
  type IdempotencyKey,
  KEEP_HOURS,
  keyFor,
  type StoredAnswer,
  storeRefusal,
  withIdempotencyKey,
} from '../idempotency';
import { hasAccount } from '../ledger';
import { isRecipientLimitViolation, orderRecipientLimit } from '../sandbox-limits';
import { type Guardrails, type Spender, spendGuard } from '../spend-limits';
import { tellApprovers } from './approvals';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import {
  type CheckedInTransaction,
  type PlaceOrderInput,
  type PlaceOrderResult,
  placeOrderStatement,
} from './place-order-statement';
import { type Actor, approvalExpiry, type NewOrderRow, type PreparedOrder, prepareOrder } from './prepare-order';
import { type OrderOrganisation, organisationStates } from './repository';
import { tellReviewersOfOrder } from './risk-notify';
import { riskBlocked, riskForOrder } from './risk-order';
import { answerAfterSessionCheck, type SessionCheck } from './session-check';

/**
 * Places an order: checks product and amount, then writes the order, its rewards, the ledger hold,
 * the order.created event, the fulfilment job and (with an Idempotency-Key) the answer to replay,
 * all in ONE statement (place-order-statement.ts), which checks the caller's session too. With a
 * key, the answer is replayed to retries. Whatever the answer, the session has been checked first
 * (answerAfterSessionCheck): an ended session gets 401 and writes nothing.
 */
export async function createOrder(
  app: FastifyInstance,
  token: UncheckedCredential,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  let waiting: NewOrderRow | undefined;
  let held: Held | undefined;
  const answer = await answerAfterSessionCheck(app, token, (session) =>
    placeOrder(
      app,
      token,
      body,
      idempotencyKey,
      session,
      (order) => {
        waiting = order;
      },
      undefined,
      (h) => {
        held = h;
      },
    ),
  );
  if (answer.status === 201 && !answer.replayed) {
    // The approvers' and reviewers' emails do not hold the answer back (they log their own failure).
    if (waiting) void tellApprovers(app, waiting);
    else if (held) void tellReviewersOfOrder(app, held.order, held.platform);
    else app.queue.wake(FULFIL_QUEUE);
  }
  return answer;
}

/**
 * What an AI agent's order (MCP, decision 074) adds to placing one: its source, marked on the order;
 * the id its preview chose; an OAuth grant's caps and domains for the spend guard (a key's are read
 * by the guard); `check`, run on the prepared order before anything is written (refuse by
 * throwing); `inTransaction`, work that needs the order's own transaction, run after the spend
 * guard's lock and before its check and the statement, when there is a transaction (a spend guard
 * or a grant); and the audit line, which the order statement writes with the order. An agent's
 * order with neither a guard nor a grant is one statement, prepared once per connection, like any
 * order: no transaction around it (bench:mcp).
 */
export interface AgentOrderOptions {
  source: NonNullable<Actor['source']>;
  orderId: string;
  grant: Guardrails | null;
  check(order: NewOrderRow): void;
  inTransaction(trx: Transaction<Database>, order: NewOrderRow): Promise<void>;
  audit: { action: string; apiKeyId: string | null; detail: Record<string, unknown> };
  /**
   * The organisation's sending state and default expiry, when the agent's key was read with them
   * in this request (decision 074): the order does not read them again. Absent for a grant.
   */
  organisation?: OrderOrganisation;
}

/**
 * Places an AI agent's order through the same checks and statement as `createOrder`, with no
 * Idempotency-Key (the preview's order id makes a second order impossible). An API key is checked
 * live in the statement as always; an OAuth grant (`checked_in_transaction`) by `before`, in the
 * same transaction.
 */
export async function createAgentOrder(
  app: FastifyInstance,
  credential: Extract<UncheckedCredential, { kind: 'api_key' }> | CheckedInTransaction,
  body: CreateOrderBody,
  options: AgentOrderOptions,
): Promise<StoredAnswer> {
  let waiting: NewOrderRow | undefined;
  let held: Held | undefined;
  const onWaiting = (order: NewOrderRow) => {
    waiting = order;
  };
  const onHeld = (h: Held) => {
    held = h;
  };
  const answer =
    credential.kind === 'api_key'
      ? await answerAfterSessionCheck(app, credential, (session) =>
          placeOrder(app, credential, body, undefined, session, onWaiting, options, onHeld),
        )
      : await placeOrder(app, credential, body, undefined, CHECKED_IN_TRANSACTION, onWaiting, options, onHeld);
  if (answer.status === 201 && !answer.replayed) {
    if (waiting) void tellApprovers(app, waiting);
    else if (held) void tellReviewersOfOrder(app, held.order, held.platform);
    else app.queue.wake(FULFIL_QUEUE);
  }
  return answer;
}

/** An order a risk rule held as it was placed, for the reviewers' email (decision 090). */
type Held = { order: NewOrderRow; platform: boolean };

const CHECKED_IN_TRANSACTION: SessionCheck = { ensureChecked: async () => {}, checkedInStatement: () => {} };

/** The order statement found the organisation's state changed since it was read: nothing was written. */
class StaleOrganisation extends Error {}

/**
 * Places the order from the organisation's state as this process last read it (decision 093); the
 * statement checks that state and writes nothing when it changed, and the order is then built again
 * from a fresh read (a few times at most: only a change of settings at that moment makes it stale).
 */
/** What placing an order takes (see `createOrder` and `createAgentOrder`). */
type PlaceOrderArgs = [
  app: FastifyInstance,
  token: UncheckedCredential | CheckedInTransaction,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
  session: SessionCheck,
  onWaiting: (order: NewOrderRow) => void,
  agent?: AgentOrderOptions,
  onHeld?: (held: Held) => void,
];

async function placeOrder(...args: PlaceOrderArgs): Promise<StoredAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await placeOrderFrom(attempt > 0, ...args);
    } catch (err) {
      if (!(err instanceof StaleOrganisation) || attempt >= 3) throw err;
    }
  }
}

async function placeOrderFrom(
  /** Read the organisation's state now, not as remembered (the last attempt found it changed). */
  fresh: boolean,
  ...[app, token, body, idempotencyKey, session, onWaiting, agent, onHeld]: PlaceOrderArgs
): Promise<StoredAnswer> {
  const actor: Actor = {
    userId: token.userId,
    organisationId: token.organisationId,
    apiKeyId: token.kind === 'api_key' ? token.apiKeyId : null,
    source: agent?.source ?? null,
  };
  const key = keyFor(actor.organisationId, idempotencyKey, 'POST /api/v1/orders', body);
  let placed: PreparedOrder;
  let guarded: boolean;
  let state: OrderOrganisation;
  try {
    // A shortfall from a card refund or dispute freezes sending (decision 046). The same read
    // gives the mode the answer states (the statement holds only from that mode's account),
    // whether the organisation has any limit for the spend guard (decision 084), and the default
    // expiry and message; an agent's key brought them with it. The statement checks them all.
    state = (!fresh && agent?.organisation) || (await organisationStates(app).read(actor.organisationId, fresh));
    refuseIfFrozen(state);
    guarded = state.spendGuard || Boolean(agent?.grant);
    placed = await prepareOrder(app, actor, body, state.sandbox, agent?.orderId, state);
    agent?.check(placed.order);
  } catch (err) {
    if (key && err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500) {
      await session.ensureChecked();
      return storeRefusal(app.db, key, err);
    }
    throw err;
  }
  const job = await app.queue.jobInsert(
    FULFIL_QUEUE,
    fulfilJobData(placed.order),
    fulfilJobOptions(app.config, placed.order.send_at),
  );
  // Risk rules (decision 083): the statement decides; this builds what a held order writes.
  const { risk, textReview } = riskForOrder(placed.order, placed.summary);
  const input: PlaceOrderInput = {
    order: placed.order,
    risk,
    sandbox: placed.summary.sandbox,
    // Sandbox is not a mail relay (decisions 063, 093): the statement reserves the address (a
    // number texted is one more, decision 082; a text-only order's number alone, 088) before the
    // hold; past the cap it writes nothing, and a place stays taken if the hold then fails.
    organisation: {
      spendGuard: state.spendGuard,
      rewardExpiryDays: state.rewardExpiryDays,
      defaultMessage: state.defaultMessage,
    },
    recipients: {
      cap: app.config.giftCards.sandboxOutsideRecipientsPerDay,
      addresses: [placed.order.recipient_email, placed.order.recipient_phone].filter((t): t is string => t !== null),
    },
    credential: token,
    rewards: placed.rewards,
    // JSON text for the statement: `satisfies` holds it to the event's schema (decision 066).
    eventPayload: JSON.stringify({ order: placed.summary } satisfies EventData<'order.created'>),
    eventPayloadWaiting: JSON.stringify({ order: placed.waitingSummary } satisfies EventData<'order.created'>),
    holdDescription: placed.holdDescription,
    audit: agent && {
      action: agent.audit.action,
      apiKeyId: agent.audit.apiKeyId,
      detail: JSON.stringify({ order_id: placed.order.id, ...agent.audit.detail }),
    },
    job,
    key: key && {
      key: key.key,
      requestHash: key.requestHash,
      answer: placed.text,
      answerWaiting: placed.textWaiting,
      answerReview: textReview,
      keepHours: KEEP_HOURS,
    },
  };
  const placedAnswer = (row: PlaceOrderResult): StoredAnswer => {
    // The statement has committed (the agent's transaction too): the order exists.
    app.metrics.ordersPlaced.inc({ mode: modeLabel(placed.summary.sandbox) });
    if (row.review) {
      onHeld?.({ order: placed.order, platform: row.risk?.scope === 'platform' && !placed.summary.sandbox });
      return { status: 201, body: textReview, replayed: false };
    }
    if (!row.waiting) return { status: 201, body: placed.text, replayed: false };
    onWaiting({ ...placed.order, status: 'pending_approval', approval_expires_at: approvalExpiry(placed.order) });
    return { status: 201, body: placed.textWaiting, replayed: false };
  };
  const spender = spenderOf(token, agent);
  const statement = async (): Promise<PlaceOrderResult | undefined> => {
    const { text, name, values } = placeOrderStatement(input);
    // A grant is live only as `inTransaction` found it: its statement never runs outside one.
    if (!guarded && token.kind !== 'checked_in_transaction')
      return (await app.database.query<PlaceOrderResult>(text, values, name)).rows[0];
    // The spend guard (decision 084): the spender's lock, then its limits against what it spent,
    // then the order statement, in one transaction: a refusal writes nothing, and two orders at
    // once by one spender are checked one after the other. A key already answered skips the
    // check, so a retry replays its order rather than being refused by the budget it used.
    return app.db.transaction().execute(async (trx) => {
      if (guarded) await spendGuard.lock(trx, spender);
      await agent?.inTransaction(trx, placed.order);
      if (guarded && !(key && (await earlierAnswer(trx, key)))) {
        await spendGuard.check(trx, spender, spendOfOrder(placed.order), agent?.grant ?? undefined);
      }
      return (await trx.executeQuery(CompiledQuery.raw(text, values))).rows[0] as PlaceOrderResult | undefined;
    });
  };
  const run = async () => {
    const row = await guardedStatement(app, session, statement);
    if (!row) throw new Error('the order statement answered nothing');
    if (!row.session_live) {
      if (token.kind === 'checked_in_transaction')
        throw new Error('a credential checked in the transaction was not live');
      // Ended, or live with a role that may not send: the check tells which (401 or 403).
      await app.checkSession(token);
      throw credentialEnded(token);
    }
    session.checkedInStatement();
    if (!row.state_fresh) {
      organisationStates(app).forget(actor.organisationId);
      throw new StaleOrganisation();
    }
    return row;
  };
  if (!key) {
    const row = await run();
    if (row.blocked) throw riskBlocked(row.risk);
    return row.held ? placedAnswer(row) : refuseHold(app, actor, placed.order.charge_currency);
  }
  return withIdempotencyKey(app.db, key, async () => {
    let row: PlaceOrderResult;
    try {
      row = await run();
    } catch (err) {
      // A limit's refusal is the key's answer too, as a refusal before the statement is.
      if (err instanceof AppError && isSpendRefusal(err)) return storeRefusal(app.db, key, err);
      throw err;
    }
    if (row.prior_hash !== null) {
      return {
        existing: {
          request_hash: row.prior_hash,
          response_status: row.prior_status as number,
          response_body: row.prior_body as string,
          expired: Boolean(row.prior_expired),
        },
      };
    }
    if (!row.got_lock) return { inUse: true as const };
    if (row.blocked) return storeRefusal(app.db, key, riskBlocked(row.risk));
    if (!row.held) return refuseHold(app, actor, placed.order.charge_currency, key);
    return placedAnswer(row);
  });
}

/** Who spends (decision 084): an OAuth grant through MCP, an API key, or a person. */
function spenderOf(token: UncheckedCredential | CheckedInTransaction, agent: AgentOrderOptions | undefined): Spender {
  if (agent?.source.kind === 'oauth_grant')
    return { kind: 'oauth_grant', organisationId: token.organisationId, id: agent.source.id };
  if (token.kind === 'api_key') return { kind: 'api_key', organisationId: token.organisationId, id: token.apiKeyId };
  if (!token.userId) throw new Error('an order by a person without a user id');
  return { kind: 'member', organisationId: token.organisationId, userId: token.userId };
}

const spendOfOrder = (o: NewOrderRow): spendGuard.SpendRequest => ({
  totalMinor: Number(o.charged_total_minor),
  currency: o.charge_currency,
  largestRewardMinor: Math.ceil(Number(o.charged_total_minor) / o.quantity),
  recipients: [o.recipient_email],
  at: o.created_at,
});

const SPEND_REFUSALS = new Set(['BUDGET_EXCEEDED', 'SPEND_CAP_EXCEEDED', 'RECIPIENT_DOMAIN_NOT_ALLOWED']);
const isSpendRefusal = (err: AppError) => SPEND_REFUSALS.has(err.code);

/**
 * Runs the statement; a limit's refusal is answered only once the caller's session is known live
 * (an ended session is told 401, never what its budget has left).
 */
async function guardedStatement<T>(
  app: FastifyInstance,
  session: SessionCheck,
  statement: () => Promise<T>,
): Promise<T> {
  try {
    return await statement();
  } catch (err) {
    if (err instanceof AppError && isSpendRefusal(err)) await session.ensureChecked();
    // Past the sandbox cap (decision 063): the statement reserves only for a live credential, so
    // it was found live. Not stored for an Idempotency-Key (tomorrow it may go).
    if (isRecipientLimitViolation(err)) {
      session.checkedInStatement();
      throw orderRecipientLimit(app);
    }
    throw err;
  }
}

/** The hold was refused: too little balance (402, stored for the key), or no account at all (a bug). */
async function refuseHold(
  app: FastifyInstance,
  actor: Actor,
  currency: string,
  key?: IdempotencyKey,
): Promise<StoredAnswer> {
  const account = await hasAccount(app.db, actor.organisationId, 'available', currency);
  if (!account) throw new Error(`organisation ${actor.organisationId} has no available account in ${currency}`);
  const refusal = new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance');
  if (key) return storeRefusal(app.db, key, refusal);
  throw refusal;
}
