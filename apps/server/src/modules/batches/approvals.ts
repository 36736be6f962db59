import { APPROVAL_WAIT_DAYS, BATCH_STATUS_LABELS, type Batch, type BatchStatus } from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Database } from '../../db/schema';
import { renderEmail } from '../../lib/email/layout';
import type { SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { assertSendingAllowed } from '../card-funding';
import { postEntry } from '../ledger';
import { type Decision, decideWaiting, type Waiting } from '../orders';
import { ACCEPT_QUEUE, acceptJobOptions } from './accept';
import { presentBatch } from './presenter';
import * as repo from './repository';

type Tx = Transaction<Database>;
const EXPIRED_NOTE = `Nobody approved or rejected this batch within ${APPROVAL_WAIT_DAYS} days: its hold was released`;

/**
 * Approval rules apply to a batch as a whole (decision 043, after 035): a waiting batch is
 * approved (its acceptance job is written in the same transaction) or rejected (its hold
 * released, its rows `rejected`) through `decideWaiting`, as an order is.
 */
function waitingBatch(app: FastifyInstance, auth: SessionAuth): Waiting<repo.BatchRecord, Batch, BatchStatus> {
  return {
    noun: 'batch',
    claim: (tx, decision, { columns, guard }) =>
      tx
        .updateTable('batches')
        .set({ status: decision === 'approve' ? 'accepting' : 'rejected', ...columns })
        .where(guard)
        .returningAll()
        .executeTakeFirst(),
    async apply(tx, batch, decision) {
      if (decision === 'approve') {
        await app.queue.boss.send(ACCEPT_QUEUE, { batchId: batch.id }, { ...acceptJobOptions, db: fromKysely(tx) });
      } else {
        await releaseBatch(tx, batch, 'Batch rejected: hold released');
      }
      await recordAudit(tx, {
        organisationId: auth.organisationId,
        action: decision === 'approve' ? 'batch.approved' : 'batch.rejected',
        userId: auth.userId,
        detail: {
          batch_id: batch.id,
          name: batch.name,
          total: formatMoney(Number(batch.total_minor), batch.charge_currency),
          note: batch.decision_note,
        },
      });
      return presentBatch(batch, await repo.countRows(tx, batch.id));
    },
    queue: ACCEPT_QUEUE,
    find: (organisationId, id) => repo.findBatch(app.db, organisationId, id),
    expire: (id) => expireWaitingBatches(app, id),
    expiredNote: EXPIRED_NOTE,
    statusLabel: (status) => BATCH_STATUS_LABELS[status],
  };
}

export async function decideBatch(
  app: FastifyInstance,
  auth: SessionAuth,
  batchId: string,
  decision: Decision,
  note: string | undefined,
): Promise<Batch> {
  // Approving sends: while a shortfall freezes sending (decision 046), a send-what-fits batch
  // would spend the available balance the shortfall is owed from.
  if (decision === 'approve') await assertSendingAllowed(app.db, auth.organisationId);
  return decideWaiting(app, auth, waitingBatch(app, auth), batchId, decision, note);
}

/** The batch's own hold back to the available balance, and its queued rows `rejected`. */
async function releaseBatch(tx: Tx, batch: repo.BatchRecord, description: string) {
  const held = Number(batch.held_minor);
  if (held > 0) {
    await postEntry(tx, {
      organisationId: batch.organisation_id,
      kind: 'release',
      currency: batch.charge_currency,
      batchId: batch.id,
      description,
      postings: [
        { account: 'held', amountMinor: -held },
        { account: 'available', amountMinor: held },
      ],
    });
    await tx.updateTable('batches').set({ held_minor: 0 }).where('id', '=', batch.id).execute();
  }
  await repo.rejectQueuedRows(tx, batch.id);
}

/** The sweep's part: batches that waited past their expiry are rejected, their holds released. */
export async function expireWaitingBatches(app: FastifyInstance, onlyBatchId?: string): Promise<number> {
  return app.db.transaction().execute(async (tx) => {
    const batches = await tx
      .updateTable('batches')
      .set({ status: 'rejected', decided_at: sql`now()`, decided_by: null, decision_note: EXPIRED_NOTE })
      .where('status', '=', 'pending_approval')
      .where('approval_expires_at', '<=', sql<Date>`now()`)
      .$if(onlyBatchId !== undefined, (q) => q.where('id', '=', onlyBatchId as string))
      .returningAll()
      .execute();
    for (const batch of batches) {
      await releaseBatch(tx, batch, 'Batch approval expired: hold released');
      await recordAudit(tx, {
        organisationId: batch.organisation_id,
        action: 'batch.rejected',
        userId: null,
        detail: { batch_id: batch.id, name: batch.name, note: EXPIRED_NOTE, reason: 'expired' },
      });
    }
    return batches.length;
  });
}

/** Emails every owner and admin (but the sender) that a batch waits; best effort after the commit. */
export async function tellBatchApprovers(app: FastifyInstance, batchId: string): Promise<void> {
  try {
    const batch = await app.db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    const approvers = await app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .where('m.organisation_id', '=', batch.organisation_id)
      .where('m.role', 'in', ['owner', 'admin'])
      .where('m.user_id', 'is distinct from', batch.created_by)
      .execute();
    const total = formatMoney(Number(batch.total_minor), batch.charge_currency);
    for (const { email } of approvers) {
      await app.mail.send({
        to: email,
        subject: `Approval needed: a batch of ${batch.valid_count} rewards, ${total}`,
        ...renderEmail({
          preview: `A batch of ${batch.valid_count} rewards waits for you.`,
          heading: 'A batch waits for your approval',
          paragraphs: [
            `A sender uploaded ${batch.name ? `“${batch.name}”, ` : ''}a batch of ${batch.valid_count} rewards: ${total} in all, ${batch.mode === 'all_or_nothing' ? 'held on the balance' : 'to be held as it is sent'} until someone decides.`,
            `Approve it to send every reward, or reject it with a note. Without a decision in ${APPROVAL_WAIT_DAYS} days it is rejected.`,
          ],
          action: { label: 'Open the batch', url: `${app.config.publicUrl}/orders/batches/${batch.id}` },
        }),
      });
    }
  } catch (err) {
    app.log.warn({ err, batchId }, 'could not email the approvers of a waiting batch');
  }
}
