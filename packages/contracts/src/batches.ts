import { z } from 'zod';
import { listEnvelope, pageQueryFields } from './lists';
import { ORDER_STATUSES, OrderApprovalSchema } from './orders';
import { safeText } from './primitives';

/**
 * Bulk batches (issue 16, decision 043): up to BATCH_MAX_ROWS rows, each an order to be. A batch
 * is accepted whole (202) with every row's validation result; the rows that pass become orders.
 */
export const BATCH_MAX_ROWS = 10_000;
export const BATCH_NAME_MAX = 200;

/**
 * `all_or_nothing` holds the total of every valid row at once, or refuses the batch with 402 and
 * writes nothing; `send_what_fits` holds row by row, in order, and marks the rows the balance
 * cannot cover `insufficient_funds`.
 */
export const BATCH_MODES = ['all_or_nothing', 'send_what_fits'] as const;
export const BatchModeSchema = z.enum(BATCH_MODES, { error: `mode must be one of ${BATCH_MODES.join(', ')}` });
export type BatchMode = z.infer<typeof BatchModeSchema>;

/**
 * `pending_approval` (an approval rule caught the batch's total), `accepting` (rows becoming
 * orders), `sending` (every row handled; orders on their way), `completed` (every order delivered,
 * failed or cancelled: `batch.completed`), `rejected` (by an approver, or 7 days without one).
 */
export const BATCH_STATUSES = ['pending_approval', 'accepting', 'sending', 'completed', 'rejected'] as const;
export const BatchStatusSchema = z.enum(BATCH_STATUSES, {
  error: `status must be one of ${BATCH_STATUSES.join(', ')}`,
});
export type BatchStatus = z.infer<typeof BatchStatusSchema>;

export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  pending_approval: 'Pending approval',
  accepting: 'Accepting',
  sending: 'Sending',
  completed: 'Completed',
  rejected: 'Rejected',
};

/** What became of one row: never sent (`invalid`, `insufficient_funds`, `rejected`), waiting, or an order. */
export const BATCH_ROW_STATUSES = ['invalid', 'queued', 'ordered', 'insufficient_funds', 'rejected'] as const;
export const BatchRowStatusSchema = z.enum(BATCH_ROW_STATUSES, {
  error: `status must be one of ${BATCH_ROW_STATUSES.join(', ')}`,
});
export type BatchRowStatus = z.infer<typeof BatchRowStatusSchema>;

/** The fields of a row, in the order a CSV lists them. */
export const BATCH_FIELDS = [
  'email',
  'amount',
  'product_code',
  'quantity',
  'recipient_name',
  'message',
  'send_at',
  // Decision 081: when the row's rewards expire; empty: the organisation's default.
  'expires_at',
  // Decision 082: the recipient's mobile number (E.164); the claim links are texted too.
  'phone',
  // Decision 080: a recipient's choice, from a saved choice set (its id) in `currency`, instead of product_code.
  'choice_set',
  'currency',
] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];
/**
 * Every row needs these; `product_code` too unless the batch names a `default_product_code`, the
 * reward for rows without one (a row's own code overrides it). And a recipient: `email`, `phone`
 * or both (decision 088), so a sheet needs a column for one of them and a row a cell in one.
 */
export const REQUIRED_BATCH_FIELDS: readonly BatchField[] = ['amount'];
/** The recipient's columns: a sheet has at least one of them, a row a cell in at least one. */
export const RECIPIENT_BATCH_FIELDS = ['email', 'phone'] as const satisfies readonly BatchField[];

/**
 * Rows are numbered as a spreadsheet shows them: the heading is line 1, so the first row is line 2
 * (for a JSON body too, as if its rows were a sheet under a heading line). Every message, answer
 * and download that names a row gives this number.
 */
export const batchLine = (position: number) => position + 1;

/** The default product's code, in the body or (for a CSV upload) the query. */
const DefaultProductCodeSchema = safeText({
  max: 100,
  min: 1,
  tooShort: 'default_product_code must name a product',
  tooLong: 'default_product_code must be at most 100 characters',
}).meta({
  description:
    'The product for rows without a product_code (a row’s own code overrides it). Unknown or unavailable: 400 `INVALID_PRODUCT`, nothing written.',
});

/** Decision 080: the choice set for rows with neither a product_code nor a choice_set of their own. */
const DefaultChoiceSetSchema = z.uuid({ error: 'default_choice_set_id must be a choice set id' }).meta({
  description:
    'A recipient’s choice for rows without a product_code or choice_set (with their currency). Not one of the organisation’s: 404 `CHOICE_SET_NOT_FOUND`, nothing written.',
});

/** The column headings each field is known by when a CSV is read (compared lower-cased, spaces and dashes as _). */
export const BATCH_FIELD_ALIASES: Record<BatchField, readonly string[]> = {
  email: ['email', 'email_address', 'recipient_email', 'e_mail', 'to'],
  amount: ['amount', 'value', 'face_value', 'denomination'],
  product_code: ['product_code', 'product', 'code', 'sku', 'utid'],
  quantity: ['quantity', 'qty', 'count'],
  recipient_name: ['recipient_name', 'name', 'full_name', 'recipient'],
  message: ['message', 'note', 'gift_message'],
  send_at: ['send_at', 'send_on', 'scheduled_for', 'deliver_at'],
  expires_at: ['expires_at', 'expires_on', 'expiry', 'claim_by'],
  phone: ['phone', 'phone_number', 'mobile', 'mobile_number', 'cell', 'sms'],
  choice_set: ['choice_set', 'choice_set_id', 'choice'],
  currency: ['currency', 'currency_code'],
};

/** Row problems, each with a stable code (the API's `errors[].code`). */
export const BATCH_ROW_ERROR_CODES = [
  'MISSING_FIELD',
  // Decision 088: neither email nor phone.
  'RECIPIENT_REQUIRED',
  'INVALID_EMAIL',
  'UNKNOWN_PRODUCT',
  'INVALID_AMOUNT',
  'AMOUNT_OUT_OF_RANGE',
  'INVALID_QUANTITY',
  'INVALID_TEXT',
  'INVALID_SEND_AT',
  'INVALID_EXPIRES_AT',
  'UNSUPPORTED_CURRENCY',
  'DUPLICATE_ROW',
  // Decision 082: the row's phone as an order's (PHONE_INVALID), opted out, or no SMS provider.
  'INVALID_PHONE',
  'RECIPIENT_OPTED_OUT',
  'SMS_UNAVAILABLE',
  // Decision 080: a choice_set that is not one of the organisation's, or offers nothing at the row's value.
  'UNKNOWN_CHOICE_SET',
  'CHOICE_EMPTY',
] as const;
export const BatchRowErrorSchema = z.object({
  field: z.enum([...BATCH_FIELDS, 'row']),
  code: z.enum(BATCH_ROW_ERROR_CODES),
  message: z.string(),
});
export type BatchRowError = z.infer<typeof BatchRowErrorSchema>;

// A row's cells are taken loosely (a spreadsheet's numbers, strings) and checked one by one, so a
// bad cell makes its row invalid rather than refusing the batch. Caps keep a hostile row cheap.
const cell = (max: number) => z.string({ error: `must be text (at most ${max} characters)` }).max(max);
const numberOrText = (max: number) =>
  z.union([z.number(), z.string().max(max)], { error: `must be a number or text of at most ${max} characters` });

export const BatchRowInputSchema = z.object({
  // Decision 080: a recipient's choice.
  choice_set: cell(100).optional(),
  currency: cell(100).optional(),
  email: cell(1000).optional(),
  amount: numberOrText(100).optional(),
  product_code: cell(1000).optional(),
  quantity: numberOrText(100).optional(),
  recipient_name: cell(2000).optional(),
  message: cell(5000).optional(),
  send_at: cell(200).optional(),
  expires_at: cell(200).optional(),
  phone: numberOrText(100).optional(),
});
export type BatchRowInput = z.infer<typeof BatchRowInputSchema>;

export const CreateBatchBodySchema = z.object({
  name: safeText({ max: BATCH_NAME_MAX, tooLong: `name must be at most ${BATCH_NAME_MAX} characters` }).optional(),
  mode: BatchModeSchema.optional().meta({ description: 'all_or_nothing (the default) or send_what_fits' }),
  /** Rows with the same email, product and amount as an earlier row are invalid unless this is true. */
  allow_duplicates: z.boolean({ error: 'allow_duplicates must be true or false' }).optional(),
  default_product_code: DefaultProductCodeSchema.optional(),
  default_choice_set_id: DefaultChoiceSetSchema.optional(),
  /** FX quotes (POST /api/v1/fx/quotes), one per currency pair: rows in that currency are charged at its rate. */
  quote_ids: z
    .array(z.uuid({ error: 'quote_ids must hold quote_id values of FX quotes' }))
    .max(20, 'quote_ids takes at most 20 quotes')
    .optional(),
  rows: z
    .array(BatchRowInputSchema, { error: 'rows must be a list of rows' })
    .min(1, 'rows must hold at least one row')
    .max(BATCH_MAX_ROWS, `rows takes at most ${BATCH_MAX_ROWS} rows`),
});
export type CreateBatchBody = z.infer<typeof CreateBatchBodySchema>;

/** For a CSV upload (`Content-Type: text/csv`), the batch's options come in the query. */
export const CreateBatchQuerySchema = z.object({
  name: safeText({ max: BATCH_NAME_MAX, tooLong: `name must be at most ${BATCH_NAME_MAX} characters` }).optional(),
  mode: BatchModeSchema.optional(),
  allow_duplicates: z
    .enum(['true', 'false'], { error: 'allow_duplicates must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  default_product_code: DefaultProductCodeSchema.optional(),
  default_choice_set_id: DefaultChoiceSetSchema.optional(),
});

const minor = (what: string) =>
  z
    .number()
    .int()
    .meta({ description: `${what}, in minor units` });

export const BatchCountsSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Valid rows not yet orders (accepting, or waiting for approval). */
  queued: z.number().int(),
  ordered: z.number().int(),
  insufficient_funds: z.number().int(),
  rejected: z.number().int(),
  /** Of the ordered rows: delivered, failed, cancelled, and still on their way (pending or scheduled). */
  delivered: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  in_progress: z.number().int(),
});
export type BatchCounts = z.infer<typeof BatchCountsSchema>;

export const BatchSchema = z.object({
  batch_id: z.uuid(),
  name: z.string().nullable(),
  status: BatchStatusSchema,
  mode: BatchModeSchema,
  counts: BatchCountsSchema,
  /** The valid rows' charged total (fees and FX included), in the billing currency. */
  charged: z.object({ currency: z.string(), total: z.number(), total_minor: minor('total') }),
  created_at: z.string(),
  /** When every row had been handled (made an order, or not), and when the last order settled. */
  accepted_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_by: z.uuid().nullable(),
  /** Null unless an approval rule caught the batch. */
  approval: OrderApprovalSchema.nullable(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BatchResponseSchema = BatchSchema.extend({ success: z.literal(true) });
export type BatchResponse = z.infer<typeof BatchResponseSchema>;

export const ListBatchesQuerySchema = z.object({ ...pageQueryFields, status: BatchStatusSchema.optional() });
export const ListBatchesResponseSchema = listEnvelope(BatchSchema);

const inputCell = z.string().nullable();
export const BatchRowSchema = z.object({
  /** The row's number in the upload, from 1. */
  row: z.number().int(),
  /** Its line as a spreadsheet numbers it (the heading is line 1): `row` + 1. */
  line: z.number().int(),
  status: BatchRowStatusSchema,
  input: z.object({
    email: inputCell,
    amount: inputCell,
    product_code: inputCell,
    quantity: inputCell,
    recipient_name: inputCell,
    message: inputCell,
    send_at: inputCell,
  }),
  errors: z.array(BatchRowErrorSchema),
  /** The product the row sends (its own code's, or the batch's default) and its currency; null when unknown. */
  product_name: z.string().nullable(),
  currency: z.string().nullable(),
  /** A valid row's charged total in the billing currency; null for an invalid row. */
  charged_total: z.number().nullable(),
  charged_total_minor: z.number().int().nullable(),
  order_id: z.uuid().nullable(),
  // Inline rather than the named OrderStatus, which OpenAPI 3.0 cannot mark nullable.
  order_status: z.enum(ORDER_STATUSES).nullable(),
  failure_reason: z.string().nullable(),
});
export type BatchRow = z.infer<typeof BatchRowSchema>;

const ROWS_LIMIT_MESSAGE = 'limit must be a whole number from 1 to 500';
export const ListBatchRowsQuerySchema = z.object({
  ...pageQueryFields,
  limit: z.coerce
    .number({ error: ROWS_LIMIT_MESSAGE })
    .int(ROWS_LIMIT_MESSAGE)
    .min(1, ROWS_LIMIT_MESSAGE)
    .max(500, ROWS_LIMIT_MESSAGE)
    .default(100),
  status: BatchRowStatusSchema.optional(),
});
export const ListBatchRowsResponseSchema = listEnvelope(BatchRowSchema);

export const BatchIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a batch id' }) });

/** POST /api/v1/batches/preview: what the batch would be, row by row, without writing anything. */
export const BatchPreviewRowSchema = z.object({
  row: z.number().int(),
  /** The row's line as a spreadsheet numbers it: `row` + 1. */
  line: z.number().int(),
  valid: z.boolean(),
  errors: z.array(BatchRowErrorSchema),
  /** The product's code (the row's own, or the batch's default), name and currency, and the row's charged total. */
  product_code: z.string().nullable(),
  product_name: z.string().nullable(),
  currency: z.string().nullable(),
  charged_total_minor: z.number().int().nullable(),
  /** With send_what_fits: whether the balance covers this row after the rows before it. */
  fits: z.boolean(),
});
export const BatchPreviewSchema = z.object({
  success: z.literal(true),
  currency: z.string(),
  rows: z.array(BatchPreviewRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  subtotal_minor: minor('The valid rows’ subtotal'),
  fee_minor: minor('Their fees'),
  total_minor: minor('Their charged total'),
  available_minor: minor('The available balance now'),
  /** The balance after the batch (all_or_nothing: negative means it would be refused with 402). */
  balance_after_minor: minor('The balance after'),
  /** Rows the balance covers in order (what send_what_fits would send). */
  rows_that_fit: z.number().int(),
  /** Whether an approval rule would catch the batch (a sender's batch waits for an owner or admin). */
  needs_approval: z.boolean(),
  /** The FX rate used per currency, into the billing currency. */
  rates: z.record(z.string(), z.string()),
});
export type BatchPreview = z.infer<typeof BatchPreviewSchema>;

/** GET /api/v1/batches/{id}/rows/export: one line per row, with what became of it. */
export const BATCH_EXPORT_COLUMNS = [
  'line',
  'status',
  'email',
  'amount',
  'product_code',
  'product_name',
  'quantity',
  'recipient_name',
  'send_at',
  'order_id',
  'order_status',
  'charged_total',
  'errors',
  'failure_reason',
] as const;

export const DecideBatchBodySchema = z.object({
  note: safeText({ max: 500, multiline: true, tooLong: 'note must be at most 500 characters' }).optional(),
});
