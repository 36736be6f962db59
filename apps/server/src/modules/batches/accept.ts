import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { SendOptions } from 'pg-boss';
import type { Database } from '../../db/schema';
import { LedgerInsufficientFunds, lockAvailableBalance, postEntry } from '../ledger';
import { FULFIL_QUEUE, lockRiskCounts, type NewOrderRow, tellReviewersOfBatch, writeNewOrders } from '../orders';
import { balanceLowIfCrossed } from './balance-low';
import { finishBatchIfDone } from './completion';
import * as repo from './repository';

export const ACCEPT_QUEUE = 'batches.accept';
/** Rows made orders per transaction: big enough to be cheap per row, small enough to commit often. */
const CHUNK = 500;

export const acceptJobOptions: SendOptions = {
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 60,
  // A worker that dies mid-batch stops beating; another picks the job up and goes on.
  heartbeatSeconds: 10,
};

type Tx = Transaction<Database>;

/**
 * Acceptance (decision 043): the batch's queued rows become orders, CHUNK rows per transaction,
 * in upload order. Each transaction writes the orders, their rewards, their `order.created`
 * events and fulfilment jobs, and marks the rows `ordered`; with `send_what_fits` it also holds
 * the rows that fit, row by row against the available balance, and marks the others
 * `insufficient_funds`; with `all_or_nothing` the money is already held by the batch and moves
 * from the batch's hold to its orders. A process killed mid-way loses only its open chunk, and
 * the retried job goes on from the first row still queued: no row becomes two orders.
 */
export async function acceptBatch(app: FastifyInstance, batchId: string): Promise<void> {
  for (;;) {
    const step = await app.db.transaction().execute((tx) => acceptChunk(app, tx, batchId));
    if (step === 'more') {
      app.queue.wake(FULFIL_QUEUE);
      continue;
    }
    if (step === 'accepted') {
      await finishBatchIfDone(app, batchId);
      // One email for every order of the batch the risk rules held (decision 090), once written.
      await tellReviewersOfBatch(app, batchId);
    }
    return;
  }
}

async function acceptChunk(app: FastifyInstance, tx: Tx, batchId: string): Promise<'more' | 'accepted' | 'idle'> {
  const batch = await repo.lockBatch(tx, batchId);
  if (batch?.status !== 'accepting') return 'idle';
  const rows = await repo.queuedRows(tx, batchId, CHUNK);
  if (!rows.length) {
    await tx
      .updateTable('batches')
      .set({ status: 'sending', accepted_at: sql<Date>`now()` })
      .where('id', '=', batchId)
      .execute();
    return 'accepted';
  }
  const now = new Date();
  const candidates = rows.map((r) => ({ position: r.position, order: revive(r.prepared, batch, now) }));
  // Rules that count earlier orders lock before the balance's row is (decision 090).
  await lockRiskCounts(
    tx,
    candidates.map((c) => c.order),
  );
  let orders = candidates;
  let notFunded: number[] = [];
  if (batch.mode === 'send_what_fits') {
    ({ orders, notFunded } = await holdWhatFits(tx, batch, candidates));
  } else {
    const total = candidates.reduce((n, c) => n + Number(c.order.charged_total_minor), 0);
    // The batch's hold becomes its orders' holds: the money stays in `held`.
    await tx
      .updateTable('batches')
      .set({ held_minor: sql`held_minor - ${total}::bigint` })
      .where('id', '=', batchId)
      .execute();
  }
  await writeNewOrders(
    app,
    tx,
    orders.map((c) => c.order),
  );
  await repo.settleRows(
    tx,
    batchId,
    orders.map((c) => ({ position: c.position, orderId: c.order.id })),
    notFunded,
  );
  return 'more';
}

/** The prepared order of a row, as it is written now. */
function revive(prepared: unknown, batch: repo.BatchRecord, now: Date): NewOrderRow {
  const p = prepared as NewOrderRow & { send_at: string | null; expires_at?: string | null };
  const sendAt = p.send_at ? new Date(p.send_at) : null;
  return {
    ...p,
    organisation_id: batch.organisation_id,
    created_by: batch.created_by,
    api_key_id: batch.api_key_id,
    batch_id: batch.id,
    created_at: now,
    // Decision 081: rows prepared before it have none.
    expires_at: p.expires_at ? new Date(p.expires_at) : null,
    // A row's time that has passed while the batch waited for approval is sent at once.
    send_at: sendAt && sendAt.getTime() > now.getTime() ? sendAt : null,
    status: sendAt && sendAt.getTime() > now.getTime() ? 'scheduled' : 'pending',
  };
}

/**
 * send_what_fits: the rows the available balance covers, in order (a row that does not fit is
 * skipped and later, smaller rows may still fit), held in one ledger entry naming the batch.
 * The account row is locked first, so concurrent orders and batches queue behind this one.
 */
async function holdWhatFits(tx: Tx, batch: repo.BatchRecord, candidates: { position: number; order: NewOrderRow }[]) {
  let left = await lockAvailableBalance(tx, batch.organisation_id, batch.charge_currency);
  if (left === undefined)
    throw new Error(`organisation ${batch.organisation_id} has no open ${batch.charge_currency} account`);
  const orders: typeof candidates = [];
  const notFunded: number[] = [];
  for (const c of candidates) {
    const total = Number(c.order.charged_total_minor);
    if (total <= left) {
      left -= total;
      orders.push(c);
    } else notFunded.push(c.position);
  }
  const held = orders.reduce((n, c) => n + Number(c.order.charged_total_minor), 0);
  if (held > 0) {
    try {
      await postEntry(tx, {
        organisationId: batch.organisation_id,
        kind: 'hold',
        currency: batch.charge_currency,
        batchId: batch.id,
        description: `Hold for ${orders.length} rows of a batch (rows ${orders[0]?.position}–${orders.at(-1)?.position})`,
        postings: [
          { account: 'available', amountMinor: -held },
          { account: 'held', amountMinor: held },
        ],
      });
    } catch (err) {
      // The row lock makes this impossible; if it happens, the chunk rolls back and retries.
      if (err instanceof LedgerInsufficientFunds) throw new Error('the balance moved under a locked account row');
      throw err;
    }
    await balanceLowIfCrossed(tx, batch.organisation_id, batch.charge_currency, held);
  }
  return { orders, notFunded };
}

/** The acceptance worker: one job per batch, retried (and resumed) when a process dies. */
export async function startAcceptWorker(app: FastifyInstance) {
  await app.queue.ensureQueue(ACCEPT_QUEUE, { notify: false, deleteAfterSeconds: 7 * 24 * 3600 });
  if (!app.config.runWorkers) return;
  await app.queue.boss.work<{ batchId: string }>(
    ACCEPT_QUEUE,
    // One loop: a batch's job runs its chunks one after another; new batches wake it.
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await acceptBatch(app, job.data.batchId);
    },
  );
}
