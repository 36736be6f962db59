import { exponentOf } from '@giftrelay/money';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { insertEvent } from '../events';
import { getBalance } from '../ledger';

type Tx = Transaction<Database>;

/**
 * `balance.low` (decision 029) when a hold of `amountMinor` just took the available balance
 * below the organisation's threshold: the statement for single orders does the same.
 */
export async function balanceLowIfCrossed(tx: Tx, organisationId: string, currency: string, amountMinor: number) {
  const [balance, org] = await Promise.all([
    getBalance(tx, organisationId, currency),
    tx
      .selectFrom('organisations')
      .select('low_balance_threshold_minor')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow(),
  ]);
  const threshold = org.low_balance_threshold_minor === null ? null : Number(org.low_balance_threshold_minor);
  const after = balance.availableMinor;
  if (threshold === null || after >= threshold || after + amountMinor < threshold) return;
  await insertEvent(tx, {
    organisationId,
    type: 'balance.low',
    data: {
      available: after / 10 ** exponentOf(currency),
      available_minor: after,
      currency,
      threshold_minor: threshold,
    },
  });
}
