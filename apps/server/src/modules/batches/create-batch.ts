import { randomUUID } from 'node:crypto';
import {
  APPROVAL_WAIT_DAYS,
  type BatchPreview,
  type BatchResponse,
  batchLine,
  type CreateBatchBody,
} from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit';
import { assertSendingAllowed } from '../card-funding';
import { earlierAnswer, keepsRefusal, keyFor, runOnce, type StoredAnswer, storeRefusal } from '../idempotency';
import { getBalance, LedgerInsufficientFunds, postEntry } from '../ledger';
import { reserveSandboxRecipients } from '../sandbox-limits';
import { type Spender, spendGuard } from '../spend-limits';
import { ACCEPT_QUEUE, acceptJobOptions } from './accept';
import { tellBatchApprovers } from './approvals';
import { balanceLowIfCrossed } from './balance-low';
import { batchCompletedEvent } from './completion';
import { presentBatch } from './presenter';
import * as repo from './repository';
import { type ValidatedBatch, validateBatch } from './validate';

type Tx = Transaction<Database>;

/**
 * POST /api/v1/batches (decision 043). The rows are checked first, outside any transaction; then
 * one transaction, under the Idempotency-Key's lock, writes the batch, every row (with its
 * problems, or its order to be) and its acceptance job, and with `all_or_nothing` holds the
 * valid rows' total at once: a balance that cannot cover it refuses the batch with 402 and
 * nothing is written. An approval rule that catches the batch's total (a sender's batch) leaves
 * it `pending_approval`, held, with no job until an owner or admin approves. Answers 202.
 */
export async function createBatch(
  app: FastifyInstance,
  auth: AuthContext,
  body: CreateBatchBody,
  idempotencyKey: string,
): Promise<StoredAnswer> {
  const actor = { userId: auth.userId, organisationId: auth.organisationId };
  const key = keyFor(auth.organisationId, idempotencyKey, 'POST /api/v1/batches', body);
  const earlier = await earlierAnswer(app.db, key);
  if (earlier) return earlier;
  let checked: ValidatedBatch;
  let sandbox = false;
  let guarded = false;
  try {
    // A shortfall from a card refund or dispute freezes sending (decision 046); the same read
    // says whether the organisation has limits for the spend guard (decision 084).
    ({ sandbox, spendGuard: guarded } = await assertSendingAllowed(app.db, auth.organisationId));
    checked = await validateBatch(app, actor, body);
  } catch (err) {
    if (key && keepsRefusal(err)) return storeRefusal(app.db, key, err);
    throw err;
  }
  const mode = body.mode ?? 'all_or_nothing';
  const batchId = randomUUID();
  let status: repo.BatchRecord['status'] | undefined;
  const answer = await runOnce(app.db, key, async (tx) => {
    // Sandbox is not a mail relay (decision 063): every valid row's address is reserved at once,
    // or the whole batch is refused (and a refusal later in this transaction releases them).
    if (sandbox) {
      // A number texted counts as a recipient too (decision 082).
      const to = checked.rows.flatMap((r) =>
        r.order ? [r.order.recipient_email, r.order.recipient_phone].filter((t): t is string => t !== null) : [],
      );
      await reserveSandboxRecipients(app, tx, auth.organisationId, to);
    }
    // The batch's whole total counts against its creator's budget and caps at acceptance, under
    // the spender's lock (decision 084); the approval rules' monthly sum below reads after it.
    if (guarded && checked.valid > 0) await guardBatch(tx, auth, checked);
    const waits = checked.valid > 0 && (await needsApproval(tx, auth, checked.usdTotalMinor));
    status = checked.valid === 0 ? 'completed' : waits ? 'pending_approval' : 'accepting';
    const held = mode === 'all_or_nothing' && checked.valid > 0 ? checked.totalMinor : 0;
    if (held) await holdBatch(tx, auth.organisationId, batchId, checked, body.rows.length);
    const batch = await tx
      .insertInto('batches')
      .values({
        id: batchId,
        organisation_id: auth.organisationId,
        created_by: auth.userId,
        api_key_id: auth.kind === 'api_key' ? auth.apiKeyId : null,
        name: body.name || null,
        mode,
        status,
        charge_currency: checked.billing,
        row_count: body.rows.length,
        valid_count: checked.valid,
        total_minor: checked.totalMinor,
        held_minor: held,
        usd_total_minor: checked.usdTotalMinor,
        approval_expires_at: waits ? new Date(Date.now() + APPROVAL_WAIT_DAYS * 86_400_000) : null,
        // A batch without a valid row has nothing to send: it is done as it is accepted.
        ...(status === 'completed' ? { accepted_at: sql<Date>`now()`, completed_at: sql<Date>`now()` } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await repo.insertRows(tx, batchId, checked.rows);
    if (status === 'accepting') {
      await app.queue.boss.send(ACCEPT_QUEUE, { batchId }, { ...acceptJobOptions, db: fromKysely(tx) });
    }
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'batch.created',
      ...auditActor(auth),
      detail: {
        batch_id: batchId,
        name: batch.name,
        mode,
        rows: body.rows.length,
        valid: checked.valid,
        total: formatMoney(checked.totalMinor, checked.billing),
        waits_for_approval: waits,
      },
    });
    const counts = await repo.countRows(tx, batchId);
    if (status === 'completed') await batchCompletedEvent(tx, batch, counts);
    const response: BatchResponse = { success: true, ...presentBatch(batch, counts) };
    return { status: 202, body: JSON.stringify(response) };
  });
  if (answer.status === 202 && !answer.replayed) {
    if (status === 'accepting') app.queue.wake(ACCEPT_QUEUE);
    else if (status === 'pending_approval') void tellBatchApprovers(app, batchId);
  }
  return answer;
}

/** The spend guard for a whole batch: its creator's (a person's or a key's) budget, caps and domains. */
async function guardBatch(tx: Tx, auth: AuthContext, checked: ValidatedBatch) {
  const spender: Spender =
    auth.kind === 'api_key'
      ? { kind: 'api_key', organisationId: auth.organisationId, id: auth.apiKeyId }
      : { kind: 'member', organisationId: auth.organisationId, userId: auth.userId };
  const orders = checked.rows.flatMap((r) => (r.order ? [r.order] : []));
  await spendGuard.lock(tx, spender);
  await spendGuard.check(tx, spender, {
    totalMinor: checked.totalMinor,
    currency: checked.billing,
    largestRewardMinor: Math.max(...orders.map((o) => Math.ceil(Number(o.charged_total_minor) / o.quantity))),
    recipients: orders.map((o) => o.recipient_email),
    at: new Date(),
  });
}

/** The batch's own hold: the valid rows' total from available to held, or 402 with nothing written. */
async function holdBatch(tx: Tx, organisationId: string, batchId: string, checked: ValidatedBatch, rows: number) {
  const total = checked.totalMinor;
  try {
    await postEntry(tx, {
      organisationId,
      kind: 'hold',
      currency: checked.billing,
      batchId,
      description: `Hold for a batch of ${checked.valid} of ${rows} rows`,
      postings: [
        { account: 'available', amountMinor: -total },
        { account: 'held', amountMinor: total },
      ],
    });
  } catch (err) {
    if (!(err instanceof LedgerInsufficientFunds)) throw err;
    const balance = await getBalance(tx, organisationId, checked.billing);
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `Insufficient balance: the batch's ${checked.valid} valid rows cost ${formatMoney(total, checked.billing)} and ${formatMoney(balance.availableMinor, checked.billing)} is available. Top up, or send it with mode send_what_fits`,
    );
  }
  await balanceLowIfCrossed(tx, organisationId, checked.billing, total);
}

/**
 * The organisation's approval rules (decision 035) against the batch as a whole: a sender's
 * batch waits when every sender order must, when its total in USD is above the limit, or when it
 * would take the sender past the monthly cap. Owners', admins' and API keys' batches never wait.
 */
async function needsApproval(tx: Kysely<Database>, auth: AuthContext, usdTotalMinor: number): Promise<boolean> {
  if (auth.kind !== 'session' || auth.role !== 'sender') return false;
  const rules = await tx
    .selectFrom('organisations')
    .select(['approval_every_sender_order', 'approval_above_usd_minor', 'approval_monthly_cap_usd_minor'])
    .where('id', '=', auth.organisationId)
    .executeTakeFirstOrThrow();
  if (rules.approval_every_sender_order) return true;
  if (rules.approval_above_usd_minor !== null && usdTotalMinor > Number(rules.approval_above_usd_minor)) return true;
  if (rules.approval_monthly_cap_usd_minor === null) return false;
  const spent = await tx
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(usd_total_minor), 0)`.as('sum'))
    .where('organisation_id', '=', auth.organisationId)
    .where('created_by', '=', auth.userId)
    .where('created_at', '>=', sql<Date>`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
    .where('status', 'not in', ['failed', 'rejected'])
    .executeTakeFirstOrThrow();
  return Number(spent.sum) + usdTotalMinor > Number(rules.approval_monthly_cap_usd_minor);
}

/**
 * POST /api/v1/batches/preview: the same checks, and what the batch would cost and leave,
 * without writing anything (the bulk upload's preview step).
 */
export async function previewBatch(
  app: FastifyInstance,
  auth: AuthContext,
  body: CreateBatchBody,
): Promise<BatchPreview> {
  const checked = await validateBatch(app, { userId: auth.userId, organisationId: auth.organisationId }, body);
  const balance = await getBalance(app.db, auth.organisationId, checked.billing);
  let left = balance.availableMinor;
  let rowsThatFit = 0;
  const rows = checked.rows.map((r) => {
    const total = r.order ? Number(r.order.charged_total_minor) : null;
    const fits = total !== null && total <= left;
    if (fits) {
      left -= total;
      rowsThatFit++;
    }
    return {
      row: r.position,
      line: batchLine(r.position),
      valid: r.order !== null,
      errors: r.errors,
      product_code: r.input.product_code,
      product_name: r.order?.product_name ?? r.product?.name ?? null,
      currency: r.order?.currency ?? r.product?.currency ?? null,
      charged_total_minor: total,
      fits,
    };
  });
  const waits =
    checked.valid > 0 && (await app.db.transaction().execute((tx) => needsApproval(tx, auth, checked.usdTotalMinor)));
  return {
    success: true,
    currency: checked.billing,
    rows,
    valid: checked.valid,
    invalid: checked.rows.length - checked.valid,
    subtotal_minor: checked.subtotalMinor,
    fee_minor: checked.feeMinor,
    total_minor: checked.totalMinor,
    available_minor: balance.availableMinor,
    balance_after_minor: balance.availableMinor - checked.totalMinor,
    rows_that_fit: rowsThatFit,
    needs_approval: waits,
    rates: checked.rates,
  };
}
