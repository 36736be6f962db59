import type { CreateOrderBody, EventData } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { credentialEnded, type UncheckedCredential } from '../../plugins/auth';
import { assertSendingAllowed } from '../card-funding';
import {
  type IdempotencyKey,
  KEEP_HOURS,
  keyFor,
  type StoredAnswer,
  storeRefusal,
  withIdempotencyKey,
} from '../idempotency';
import { hasAccount } from '../ledger';
import { reserveSandboxRecipientsNow } from '../sandbox-limits';
import { tellApprovers } from './approvals';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import { type PlaceOrderInput, type PlaceOrderResult, placeOrderStatement } from './place-order-statement';
import { type Actor, approvalExpiry, type NewOrderRow, type PreparedOrder, prepareOrder } from './prepare-order';
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
  const answer = await answerAfterSessionCheck(app, token, (session) =>
    placeOrder(app, token, body, idempotencyKey, session, (order) => {
      waiting = order;
    }),
  );
  if (answer.status === 201 && !answer.replayed) {
    // The approvers' email does not hold the answer back (it logs its own failure).
    if (waiting) void tellApprovers(app, waiting);
    else app.queue.wake(FULFIL_QUEUE);
  }
  return answer;
}

async function placeOrder(
  app: FastifyInstance,
  token: UncheckedCredential,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
  session: SessionCheck,
  onWaiting: (order: NewOrderRow) => void,
): Promise<StoredAnswer> {
  const actor: Actor = {
    userId: token.userId,
    organisationId: token.organisationId,
    apiKeyId: token.kind === 'api_key' ? token.apiKeyId : null,
  };
  const key = keyFor(actor.organisationId, idempotencyKey, 'POST /api/v1/orders', body);
  let placed: PreparedOrder;
  try {
    // A shortfall from a card refund or dispute freezes sending (decision 046). The same read
    // gives the mode the answer states; the statement holds only from that mode's account.
    const { sandbox } = await assertSendingAllowed(app.db, actor.organisationId);
    placed = await prepareOrder(app, actor, body, sandbox);
  } catch (err) {
    if (key && err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500) {
      await session.ensureChecked();
      return storeRefusal(app.db, key, err);
    }
    throw err;
  }
  if (placed.summary.sandbox && app.config.giftCards.sandboxOutsideRecipientsPerDay !== null) {
    // Sandbox is not a mail relay (decision 063): the address takes one of today's places before
    // anything is held. In a transaction of its own, so a place is taken even if the hold fails;
    // a retry to the same address takes none. Not stored for an Idempotency-Key (tomorrow it may go).
    await session.ensureChecked();
    await reserveSandboxRecipientsNow(app, actor.organisationId, [placed.order.recipient_email]);
  }
  const job = await app.queue.jobInsert(
    FULFIL_QUEUE,
    fulfilJobData(placed.order),
    fulfilJobOptions(app.config, placed.order.send_at),
  );
  const input: PlaceOrderInput = {
    order: placed.order,
    sandbox: placed.summary.sandbox,
    credential: token,
    rewards: placed.rewards,
    // JSON text for the statement: `satisfies` holds it to the event's schema (decision 066).
    eventPayload: JSON.stringify({ order: placed.summary } satisfies EventData<'order.created'>),
    eventPayloadWaiting: JSON.stringify({ order: placed.waitingSummary } satisfies EventData<'order.created'>),
    holdDescription: placed.holdDescription,
    job,
    key: key && {
      key: key.key,
      requestHash: key.requestHash,
      answer: placed.text,
      answerWaiting: placed.textWaiting,
      keepHours: KEEP_HOURS,
    },
  };
  const placedAnswer = (row: PlaceOrderResult): StoredAnswer => {
    if (!row.waiting) return { status: 201, body: placed.text, replayed: false };
    onWaiting({ ...placed.order, status: 'pending_approval', approval_expires_at: approvalExpiry(placed.order) });
    return { status: 201, body: placed.textWaiting, replayed: false };
  };
  const run = async () => {
    const { text, name, values } = placeOrderStatement(input);
    const [row] = (await app.database.query<PlaceOrderResult>(text, values, name)).rows;
    if (!row) throw new Error('the order statement answered nothing');
    if (!row.session_live) {
      // Ended, or live with a role that may not send: the check tells which (401 or 403).
      await app.checkSession(token);
      throw credentialEnded(token);
    }
    session.checkedInStatement();
    return row;
  };
  if (!key) {
    const row = await run();
    return row.held ? placedAnswer(row) : refuseHold(app, actor, placed.order.charge_currency);
  }
  return withIdempotencyKey(app.db, key, async () => {
    const row = await run();
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
    if (!row.held) return refuseHold(app, actor, placed.order.charge_currency, key);
    return placedAnswer(row);
  });
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
