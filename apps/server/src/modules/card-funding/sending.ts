import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sendingState } from './repository';

/**
 * Refuses new orders and batches while a refund or dispute has left a shortfall (decision 046):
 * 402 SENDING_FROZEN, stable for clients to branch on, until a top-up pays it. Answers the
 * organisation's mode as the same read found it (an order's answer says it, decision 045), and
 * whether its spends need the spend guard (a budget, key caps or a monthly approval cap, decision
 * 084): one read for all three, so an organisation without any pays no extra query.
 */
export async function assertSendingAllowed(
  db: Kysely<Database>,
  organisationId: string,
): Promise<{ sandbox: boolean; spendGuard: boolean }> {
  const state = await sendingState(db, organisationId);
  if (state.frozen) {
    throw new AppError(
      'SENDING_FROZEN',
      'Sending is paused: a card refund or dispute took more than the balance held. Add funds to pay the shortfall and sending resumes at once',
    );
  }
  return { sandbox: state.sandbox, spendGuard: state.spendGuard };
}
