import {
  addDays,
  type BalanceTransaction,
  type ListBalanceTransactionsQuery,
  type ListBalanceTransactionsResponse,
  ledgerKindLabel,
  listPage,
  startOfUtcDay,
} from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Listing, paginate } from '../../lib/cursor';
import * as history from './history-repository';
import { organisationBilling } from './repository';

// The last entry's id and the available balance just before it (the newest of the next page leaves it).
const LISTING: Listing<history.HistoryRow, { beforeId: string; available: number }> = {
  name: 'balance-transactions',
  position: z
    .tuple([z.string().regex(/^\d{1,19}$/), z.number().int().safe()])
    .transform(([beforeId, available]) => ({ beforeId, available })),
  next: (last) => [last.id, last.available_after_minor - last.available_minor],
};

/** An entry as the API shows it: both movements, the one that matters as `amount`, and the balance after. */
export function presentTransaction(row: history.HistoryRow, currency: string): BalanceTransaction {
  const amountMinor = row.available_minor !== 0 ? row.available_minor : row.held_minor;
  const money = (minor: number) => toMajor(minor, currency);
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    kind: row.kind,
    type: ledgerKindLabel(row.kind),
    description: row.description,
    order_id: row.order_id,
    batch_id: row.batch_id,
    currency,
    direction: row.available_minor > 0 ? 'credit' : 'debit',
    amount: money(amountMinor),
    amount_minor: amountMinor,
    available_change: money(row.available_minor),
    available_change_minor: row.available_minor,
    held_change: money(row.held_minor),
    held_change_minor: row.held_minor,
    available_after: money(row.available_after_minor),
    available_after_minor: row.available_after_minor,
  };
}

/** GET /balance/transactions: the organisation's current balance history, newest first. */
export async function listTransactions(
  app: FastifyInstance,
  organisationId: string,
  q: ListBalanceTransactionsQuery,
): Promise<ListBalanceTransactionsResponse> {
  const { billing_currency: currency } = await organisationBilling(app.db, organisationId);
  const { page, nextCursor } = await paginate(app.cursors, LISTING, q, ({ after, limit }) =>
    history.listHistory(app.db, {
      organisationId,
      currency,
      kinds: q.kind,
      from: q.from ? startOfUtcDay(q.from) : undefined,
      until: q.to ? startOfUtcDay(addDays(q.to, 1)) : undefined,
      direction: q.direction,
      orderId: q.order_id,
      limit,
      after,
    }),
  );
  return {
    success: true,
    ...listPage(
      page.map((r) => presentTransaction(r, currency)),
      nextCursor,
    ),
  };
}
