import type { BatchCounts } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { insertEvent } from '../events';
import { presentBatch } from './presenter';
import * as repo from './repository';

/** Orders in these statuses are still on their way (a held one waits for its review, decision 083): a batch with one is not complete. */
const UNSETTLED = ['pending', 'scheduled', 'pending_approval', 'pending_review'] as const;

/**
 * Completes a `sending` batch whose every order has settled (delivered, failed or cancelled) and
 * writes `batch.completed` with it. Called after an order of the batch settles (after that
 * commit, so two last orders settling at once both see each other), when acceptance ends, and by
 * the sweep; the conditional update lets exactly one of them complete it.
 */
export async function finishBatchIfDone(app: FastifyInstance, batchId: string): Promise<boolean> {
  return app.db.transaction().execute(async (tx) => {
    const batch = await tx
      .updateTable('batches')
      .set({ status: 'completed', completed_at: sql<Date>`now()` })
      .where('id', '=', batchId)
      .where('status', '=', 'sending')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('orders')
              .select('id')
              .where('batch_id', '=', batchId)
              .where('status', 'in', [...UNSETTLED]),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
    if (!batch) return false;
    await batchCompletedEvent(tx, batch, await repo.countRows(tx, batchId));
    return true;
  });
}

export async function batchCompletedEvent(
  tx: Transaction<Database> | Kysely<Database>,
  batch: repo.BatchRecord,
  counts: BatchCounts,
) {
  await insertEvent(tx, {
    organisationId: batch.organisation_id,
    type: 'batch.completed',
    data: { batch: presentBatch(batch, counts) },
    createdAt: batch.completed_at ?? undefined,
  });
}

/** The sweep's part: batches left `sending` with nothing on its way (a process died between). */
export async function finishSettledBatches(app: FastifyInstance): Promise<number> {
  const sending = await app.db
    .selectFrom('batches')
    .select('id')
    .where('status', '=', 'sending')
    .orderBy('created_at')
    .limit(200)
    .execute();
  let done = 0;
  for (const b of sending) if (await finishBatchIfDone(app, b.id)) done++;
  return done;
}
