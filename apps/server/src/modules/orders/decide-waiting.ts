import { APPROVAL_WAIT_DAYS } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';

export type Decision = 'approve' | 'reject';

/** What an order or a batch waiting for approval shows of itself when a decision changed nothing. */
interface WaitingState<Status extends string> {
  status: Status;
  approval_expires_at: Date | null;
  decision_note: string | null;
}

/**
 * The decision as its owner writes it: `columns` in its UPDATE's SET beside the new status, and
 * `guard` as its WHERE. The guard holds the rules: the caller's organisation, still waiting, not
 * past its wait, and, to approve, not the caller's own (withdrawing one's own is a rejection).
 */
export interface DecisionChange {
  columns: { decided_by: string; decided_at: RawBuilder<unknown>; decision_note: string | null };
  guard: RawBuilder<boolean>;
}

/** An order or a batch, as `decideWaiting` decides it. */
export interface Waiting<Row, Result, Status extends string> {
  noun: 'order' | 'batch';
  /** The one conditional UPDATE of its row (its module owns the table), answering the row it changed. */
  claim(tx: Transaction<Database>, decision: Decision, change: DecisionChange): Promise<Row | undefined>;
  /** The rest of the decision, in the same transaction: the job written, or the hold released; its records. */
  apply(tx: Transaction<Database>, row: Row, decision: Decision): Promise<Result>;
  /** The queue an approval's job went to, woken once the decision commits. */
  queue: string;
  find(organisationId: string, id: string): Promise<WaitingState<Status> | undefined>;
  /** Rejects it if it waited past its time; the sweep's own path. */
  expire(id: string): Promise<number>;
  /** The note the sweep leaves on what it rejected. */
  expiredNote: string;
  statusLabel(status: Status): string;
}

/**
 * Approves or rejects an order or a batch that waits (decisions 035, 043). The decision is one
 * conditional UPDATE of the waiting row: two approvers at once, or an approver racing the sweep,
 * change it once, and the other is told why not (403 for one's own, 409 otherwise).
 */
export async function decideWaiting<Row, Result, Status extends string>(
  app: FastifyInstance,
  auth: SessionAuth,
  waiting: Waiting<Row, Result, Status>,
  id: string,
  decision: Decision,
  note: string | undefined,
): Promise<Result> {
  const change: DecisionChange = {
    columns: { decided_by: auth.userId, decided_at: sql`now()`, decision_note: note || null },
    guard: sql<boolean>`organisation_id = ${auth.organisationId} AND id = ${id}
      AND status = 'pending_approval' AND approval_expires_at > now()${
        decision === 'approve' ? sql` AND created_by IS DISTINCT FROM ${auth.userId}::uuid` : sql``
      }`,
  };
  const decided = await app.db.transaction().execute(async (tx) => {
    const row = await waiting.claim(tx, decision, change);
    return row === undefined ? undefined : { result: await waiting.apply(tx, row, decision) };
  });
  if (decided) {
    if (decision === 'approve') app.queue.wake(waiting.queue);
    return decided.result;
  }
  throw await whyUndecided(auth, waiting, id);
}

/** The refusal for a decision that changed nothing: absent, one's own, decided, or expired. */
async function whyUndecided<Status extends string>(
  auth: SessionAuth,
  waiting: Waiting<unknown, unknown, Status>,
  id: string,
): Promise<AppError> {
  const { noun } = waiting;
  const item = await waiting.find(auth.organisationId, id);
  if (!item) return notFound(noun === 'order' ? 'Order' : 'Batch');
  const expired = () =>
    new AppError('CONFLICT', `This ${noun} waited ${APPROVAL_WAIT_DAYS} days without a decision and was rejected`);
  if (item.status === 'pending_approval') {
    if (item.approval_expires_at && item.approval_expires_at.getTime() <= Date.now()) {
      await waiting.expire(id);
      return expired();
    }
    return new AppError('FORBIDDEN', `You cannot approve your own ${noun}: another owner or admin must`);
  }
  // Rejected by the sweep after the wait, whether it ran a moment ago or just now.
  if (item.status === 'rejected' && item.decision_note === waiting.expiredNote) return expired();
  return new AppError(
    'CONFLICT',
    item.approval_expires_at
      ? `This ${noun} was already decided: it is ${waiting.statusLabel(item.status).toLowerCase()} now`
      : `This ${noun} never needed approval: there is nothing to decide`,
  );
}
