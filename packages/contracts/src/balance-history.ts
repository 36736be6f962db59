import { z } from 'zod';
import { listEnvelope, pageQueryFields } from './lists';

/**
 * The balance's history (issue 17, decision 047): every ledger entry that moved the organisation's
 * current `available` or `held` balance, newest first, and the statement of a period as CSV or PDF.
 */

/**
 * The kinds of ledger entry the filters know. The history may show kinds added later (the
 * database's CHECK decides what exists): a client must accept any `kind`, and shows `type`.
 */
export const LEDGER_ENTRY_KINDS = [
  'funding',
  'hold',
  'capture',
  'release',
  'refund',
  // Card funding (decision 046): a card refund's or a dispute's debit, a won dispute's credit, and
  // what a credit paid of a shortfall they left.
  'card_refund',
  'dispute',
  'dispute_won',
  'shortfall_recovery',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LEDGER_ENTRY_KIND_LABELS: Readonly<Record<LedgerEntryKind, string>> = {
  funding: 'Funding',
  hold: 'Hold',
  capture: 'Capture',
  release: 'Release',
  refund: 'Refund',
  card_refund: 'Card refund',
  dispute: 'Dispute',
  dispute_won: 'Dispute won',
  shortfall_recovery: 'Shortfall recovery',
};

/** The label of a kind, known or not: `card_refund` → "Card refund". */
export function ledgerKindLabel(kind: string): string {
  const known = LEDGER_ENTRY_KIND_LABELS[kind as LedgerEntryKind];
  if (known) return known;
  const words = kind.replace(/[^a-z0-9]+/gi, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1).toLowerCase() : 'Other';
}

export const TRANSACTION_DIRECTIONS = ['credit', 'debit'] as const;
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

/** The longest statement period, in days (inclusive of both ends). */
export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const minor = (of: string) =>
  z
    .number()
    .int()
    .meta({ description: `\`${of}\` in integer minor units` });

export const BalanceTransactionSchema = z
  .object({
    id: z.string().meta({ description: 'The ledger entry’s id' }),
    created_at: z.string().meta({ description: 'When it was written (ISO 8601, UTC)' }),
    kind: z.string().meta({
      description: `${LEDGER_ENTRY_KINDS.join(', ')}; other kinds may be added: show \`type\` for one you do not know`,
    }),
    type: z.string().meta({ description: 'The kind as people read it: "Capture"' }),
    description: z.string(),
    order_id: z.uuid().nullable(),
    batch_id: z.uuid().nullable(),
    currency: z.string(),
    direction: z.enum(TRANSACTION_DIRECTIONS).meta({
      description:
        '`credit`: it added to the available balance (funding, release, refund). `debit`: it took from the available balance (hold) or spent held funds (capture)',
    }),
    amount: z.number().meta({
      description: 'Signed: the change of the available balance, or of the held one when only that moved (a capture)',
    }),
    amount_minor: minor('amount'),
    available_change: z.number(),
    available_change_minor: minor('available_change'),
    held_change: z.number(),
    held_change_minor: minor('held_change'),
    available_after: z.number().meta({ description: 'The available balance right after this entry' }),
    available_after_minor: minor('available_after'),
  })
  .meta({ id: 'BalanceTransaction' });
export type BalanceTransaction = z.infer<typeof BalanceTransactionSchema>;

const DATE_MESSAGE = 'must be a date like 2026-01-31';

/** A calendar date, YYYY-MM-DD, that exists. Days are UTC days (dates.ts). */
export const CalendarDateSchema = z
  .string({ error: DATE_MESSAGE })
  .max(10, DATE_MESSAGE)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'must be a real calendar date');

const KIND_MESSAGE = `must be one or more of ${LEDGER_ENTRY_KINDS.join(', ')}`;
const KindSchema = z.enum(LEDGER_ENTRY_KINDS, { error: KIND_MESSAGE });

/** `kind=hold&kind=capture` or `kind=hold,capture`: at most every known kind, each once. */
const KindsSchema = z
  .union(
    [z.string({ error: KIND_MESSAGE }).max(100, KIND_MESSAGE), z.array(z.string().max(20)).max(10, KIND_MESSAGE)],
    {
      error: KIND_MESSAGE,
    },
  )
  .transform((v, ctx) => {
    const kinds = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim());
    // One issue on `kind` itself, whichever value is wrong.
    if (!kinds.every((k) => KindSchema.safeParse(k).success)) {
      ctx.addIssue({ code: 'custom', message: KIND_MESSAGE, input: v });
      return z.NEVER;
    }
    return [...new Set(kinds as LedgerEntryKind[])];
  });

const rangeCheck = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const RANGE_ISSUE = { path: ['to'], message: 'must not be before from' };

/**
 * GET /api/v1/balance/transactions: newest first. `from`/`to` are inclusive UTC dates; `direction`
 * as in the answer; `order_id` one order's entries.
 */
export const ListBalanceTransactionsQuerySchema = z
  .object({
    kind: KindsSchema.optional().meta({ description: `One or more of ${LEDGER_ENTRY_KINDS.join(', ')}` }),
    from: CalendarDateSchema.optional().meta({ description: 'First day (UTC), inclusive' }),
    to: CalendarDateSchema.optional().meta({ description: 'Last day (UTC), inclusive' }),
    direction: z.enum(TRANSACTION_DIRECTIONS, { error: 'must be credit or debit' }).optional(),
    order_id: z.uuid('order_id must be an order id').optional(),
    ...pageQueryFields,
  })
  .refine(rangeCheck, RANGE_ISSUE);
export type ListBalanceTransactionsQuery = z.infer<typeof ListBalanceTransactionsQuerySchema>;

export const ListBalanceTransactionsResponseSchema = listEnvelope(BalanceTransactionSchema).meta({
  id: 'BalanceTransactionList',
});
export type ListBalanceTransactionsResponse = z.infer<typeof ListBalanceTransactionsResponseSchema>;

/**
 * GET /api/v1/balance/statement: both days inclusive (UTC), at most STATEMENT_MAX_DAYS apart; a
 * `to` after today is read as today, a `from` after today is refused.
 */
export const StatementQuerySchema = z
  .object({
    from: CalendarDateSchema.meta({ description: 'First day (UTC), inclusive' }),
    to: CalendarDateSchema.meta({ description: 'Last day (UTC), inclusive; a later day than today means today' }),
    format: z.enum(STATEMENT_FORMATS, { error: 'must be csv or pdf' }).default('csv'),
  })
  .refine(rangeCheck, RANGE_ISSUE);
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** GET /api/v1/balance/funding-instructions: how to fund a live organisation by bank transfer. */
export const FundingInstructionsSchema = z
  .object({
    success: z.literal(true),
    /** `available`: the details below; `sandbox`: a sandbox organisation (play money only); `not_configured`: this instance takes no transfers. */
    bank_transfer: z.discriminatedUnion('status', [
      z.object({
        status: z.literal('available'),
        currency: z.string(),
        beneficiary: z.string(),
        bank_name: z.string(),
        account_number: z.string().meta({ description: 'The account number or IBAN' }),
        routing_number: z
          .string()
          .nullable()
          .meta({ description: 'Routing number or sort code, where the bank has one' }),
        swift_code: z.string().nullable(),
        bank_address: z.string().nullable(),
        reference: z.string().meta({ description: 'Quote it exactly: it is how the transfer finds the organisation' }),
        processing_time: z.string(),
      }),
      z.object({ status: z.literal('sandbox') }),
      z.object({ status: z.literal('not_configured') }),
    ]),
  })
  .meta({ id: 'FundingInstructions' });
export type FundingInstructions = z.infer<typeof FundingInstructionsSchema>;
