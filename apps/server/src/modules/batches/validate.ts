import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  BATCH_FIELDS,
  type BatchField,
  type BatchRowError,
  type BatchRowInput,
  batchLine,
  type CreateBatchBody,
  CreateOrderBodySchema,
  ExpiresAtSchema,
  MAX_QUANTITY,
  RECIPIENT_REQUIRED_MESSAGE,
  REQUIRED_BATCH_FIELDS,
  resolveExpiry,
  SendAtSchema,
  textProblem,
} from '@giftrelay/contracts';
import { parseAmount } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from '../../lib/errors';
import { storableText } from '../../lib/storable-text';
import type { CatalogProduct } from '../catalog';
import { getRate, quotedRates } from '../fx';
import {
  type Actor,
  amountProblem,
  billingCurrency,
  cachedProduct,
  checkOrderPhone,
  deliveryMethodOf,
  findRewardExpiryDays,
  type NewOrderRow,
  newOrderRow,
  scheduledTime,
} from '../orders';
import { type ChoiceOf, checkDefaultChoiceSet, choiceResolver, choiceRowOrder, withDefault } from './choice-rows';

/** One row of a batch, checked: what was sent (as text the database can hold) and its problems or its order. */
export interface ValidatedRow {
  position: number;
  input: Record<BatchField, string | null>;
  errors: BatchRowError[];
  /** The order the row becomes (its id fixed now), when it has no problem. */
  order: NewOrderRow | null;
  /** The product the row names, when the catalogue has it (a bad row's too, so it can be shown). */
  product?: CatalogProduct;
}

export interface ValidatedBatch {
  rows: ValidatedRow[];
  billing: string;
  /** The rate used for each product currency, into the billing currency. */
  rates: Record<string, string>;
  valid: number;
  subtotalMinor: number;
  feeMinor: number;
  totalMinor: number;
  usdTotalMinor: number;
}

/** Rows checked between two turns of the event loop: a few milliseconds' work. */
const YIELD_EVERY = 100;

const emailSchema = CreateOrderBodySchema.shape.email;
const textSchemas = {
  recipient_name: CreateOrderBodySchema.shape.recipient_name,
  message: CreateOrderBodySchema.shape.message,
} as const;

/**
 * Checks every row of a batch against the catalogue and the order rules (decision 043), the way
 * one order is checked (prepare-order.ts), but collecting each row's problems with a stable code
 * instead of refusing the request: a bad row never blocks the others. A row with the same email,
 * product and amount as an earlier one is `DUPLICATE_ROW` unless `allow_duplicates`. Quotes and
 * their refusals apply to the batch as a whole (400, or 409 QUOTE_EXPIRED).
 */
export async function validateBatch(
  app: FastifyInstance,
  actor: Actor,
  body: CreateBatchBody,
): Promise<ValidatedBatch> {
  refuseHostileCells(body.rows);
  const billing = await billingCurrency(app, actor.organisationId);
  const expiryDays = await findRewardExpiryDays(app.db, actor.organisationId);
  const quoted = body.quote_ids?.length
    ? await quotedRates(app.db, actor.organisationId, body.quote_ids, billing)
    : new Map();
  const products = new Map<string, Promise<CatalogProduct | undefined>>();
  const productOf = (code: string) => {
    let p = products.get(code);
    if (!p) {
      p = cachedProduct(app, code);
      products.set(code, p);
    }
    return p;
  };
  const choiceOf = choiceResolver(app, actor.organisationId);
  if (body.default_choice_set_id !== undefined)
    await checkDefaultChoiceSet(app, actor.organisationId, body.default_choice_set_id);
  const defaultCode = body.default_product_code;
  if (defaultCode !== undefined) {
    // A batch-wide choice that cannot work would make every row without a code fail alike: the
    // request is refused instead, so the sender fixes one field rather than reading N row errors.
    const product = await productOf(defaultCode);
    if (!product?.available) {
      throw new AppError('INVALID_PRODUCT', `Product code ${defaultCode} does not exist or is not available`);
    }
    if (!quoted.get(product.currency) && !getRate(product.currency, billing)) {
      throw new AppError('INVALID_PRODUCT', `Orders in ${product.currency} cannot be charged in ${billing} yet`);
    }
  }
  const rates: Record<string, string> = {};
  const seen = new Map<string, number>();
  const out: ValidatedRow[] = [];
  let subtotalMinor = 0;
  let feeMinor = 0;
  let totalMinor = 0;
  let usdTotalMinor = 0;
  let valid = 0;
  for (const [i, given] of body.rows.entries()) {
    // Checking 10,000 rows takes most of a second of the event loop: other requests (another
    // organisation's balance, decision 095) get their turn every YIELD_EVERY rows.
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToLoop();
    const position = i + 1;
    // A row without a code sends the batch's product; the row keeps that code, so its result,
    // export and order say which product it was.
    const raw = cellText(given.product_code) || cellText(given.choice_set) ? given : withDefault(given, body);
    const row = await validateRow(raw, position, billing, quoted, productOf, expiryDays, choiceOf);
    await checkRowPhone(app, raw, row);
    if (row.order && !body.allow_duplicates) {
      // A row to a number only (decision 088) is the same as another to that number only.
      const by = row.order.recipient_email === null ? 'phone' : 'email';
      const key = `${by}\0${row.order.recipient_email ?? row.order.recipient_phone}\0${row.order.product_code}\0${row.order.amount_minor}`;
      const first = seen.get(key);
      if (first !== undefined) {
        row.errors.push({
          field: 'row',
          code: 'DUPLICATE_ROW',
          message: `Same ${by}, product and amount as line ${batchLine(first)}`,
        });
        row.order = null;
      } else seen.set(key, position);
    }
    if (row.order) {
      const o = row.order;
      o.created_by = actor.userId;
      o.organisation_id = actor.organisationId;
      rates[o.currency] = o.fx_rate;
      valid++;
      subtotalMinor += Number(o.charged_subtotal_minor);
      feeMinor += Number(o.charged_fee_minor);
      totalMinor += Number(o.charged_total_minor);
      usdTotalMinor += Number(o.usd_total_minor);
    }
    out.push(row);
  }
  return { rows: out, billing, rates, valid, subtotalMinor, feeMinor, totalMinor, usdTotalMinor };
}

async function validateRow(
  raw: BatchRowInput,
  position: number,
  billing: string,
  quoted: Map<string, { rate: string }>,
  productOf: (code: string) => Promise<CatalogProduct | undefined>,
  expiryDays: number | null,
  choiceOf: ChoiceOf,
): Promise<ValidatedRow> {
  const input = Object.fromEntries(BATCH_FIELDS.map((f) => [f, storable(raw[f])])) as Record<BatchField, string | null>;
  const errors: BatchRowError[] = [];
  const fail = (field: BatchRowError['field'], code: BatchRowError['code'], message: string) => {
    errors.push({ field, code, message });
  };
  const text = (f: BatchField) => cellText(raw[f]);
  for (const f of REQUIRED_BATCH_FIELDS) if (!text(f)) fail(f, 'MISSING_FIELD', `${f} is required`);
  // With a default product, every row has a code by now.
  if (!text('product_code') && !text('choice_set'))
    fail('product_code', 'MISSING_FIELD', 'product_code is required when the batch has no default product');

  // Decision 088: a recipient by address, by number or both; neither is the row's RECIPIENT_REQUIRED.
  if (!text('email') && !text('phone')) fail('email', 'RECIPIENT_REQUIRED', RECIPIENT_REQUIRED_MESSAGE);
  const email = text('email') || null;
  if (email) {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) fail('email', 'INVALID_EMAIL', parsed.error.issues[0]?.message ?? 'email is not valid');
  }

  let quantity = 1;
  if (text('quantity')) {
    const q = Number(text('quantity'));
    if (Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY) quantity = q;
    else fail('quantity', 'INVALID_QUANTITY', `quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
  }

  for (const f of ['recipient_name', 'message'] as const) {
    if (!text(f)) continue;
    const parsed = textSchemas[f].safeParse(text(f));
    if (!parsed.success) fail(f, 'INVALID_TEXT', `${f} ${parsed.error.issues[0]?.message ?? 'is not valid text'}`);
  }

  let sendAt: Date | null = null;
  if (text('send_at')) {
    const parsed = SendAtSchema.safeParse(text('send_at'));
    if (!parsed.success) fail('send_at', 'INVALID_SEND_AT', parsed.error.issues[0]?.message ?? 'send_at is not valid');
    else {
      try {
        sendAt = scheduledTime(parsed.data, 'send_at');
      } catch (err) {
        fail('send_at', 'INVALID_SEND_AT', detailOf(err));
      }
    }
  }

  // Decision 081: the row's own expiry, or the organisation's default, counted from its send.
  let expiresAt: Date | null = null;
  const expiresCell = text('expires_at');
  const parsedExpiry = expiresCell ? ExpiresAtSchema.safeParse(expiresCell) : null;
  if (parsedExpiry && !parsedExpiry.success)
    fail('expires_at', 'INVALID_EXPIRES_AT', parsedExpiry.error.issues[0]?.message ?? 'expires_at is not valid');
  else {
    const expiry = resolveExpiry({
      expires_at: parsedExpiry?.data,
      sentAt: sendAt ?? new Date(),
      defaultDays: expiryDays,
    });
    if ('error' in expiry) fail('expires_at', 'INVALID_EXPIRES_AT', expiry.error);
    else expiresAt = expiry.at;
  }

  // Recipient's choice (decision 080): a set and a currency instead of a product.
  if (text('choice_set')) {
    const fields = {
      email,
      recipientName: text('recipient_name') || null,
      message: text('message') || null,
      sendAt,
      expiresAt,
    };
    const order = await choiceRowOrder({ text, fail, quantity, billing, quoted, choiceOf, fields });
    return { position, input, errors, order: errors.length ? null : order };
  }

  const code = text('product_code');
  let product: CatalogProduct | undefined;
  if (code) {
    product = code.length <= 100 && textProblem(code) === null ? await productOf(code) : undefined;
    if (!product?.available)
      fail('product_code', 'UNKNOWN_PRODUCT', `Product code ${input.product_code} does not exist or is not available`);
  }

  let amountMinor: number | undefined;
  if (text('amount') && product?.available) {
    amountMinor = parseAmount(text('amount'), product.currency, { exact: true });
    if (amountMinor === undefined || amountMinor === 0) {
      fail('amount', 'INVALID_AMOUNT', 'amount must be a positive number with at most two decimals');
      amountMinor = undefined;
    } else {
      const problem = amountProblem(product, amountMinor);
      if (problem) fail('amount', 'AMOUNT_OUT_OF_RANGE', problem.message);
    }
  }

  let rate: string | undefined;
  if (product?.available) {
    rate = quoted.get(product.currency)?.rate ?? getRate(product.currency, billing)?.rate;
    if (!rate)
      fail('product_code', 'UNSUPPORTED_CURRENCY', `Orders in ${product.currency} cannot be charged in ${billing} yet`);
  }

  if (errors.length || !product || amountMinor === undefined || !rate)
    return { position, input, errors, order: null, product };
  const order = newOrderRow({ userId: null, organisationId: '' }, product, {
    amountMinor,
    quantity,
    billing,
    fxRate: rate,
    email,
    recipientName: text('recipient_name') || null,
    message: text('message') || null,
    sendAt,
    expiresAt,
  });
  return { position, input, errors, order, product };
}

/**
 * SMS delivery (decision 082): a row's `phone` as an order's (PHONE_INVALID, RECIPIENT_OPTED_OUT,
 * SMS_UNAVAILABLE), as a row error with the same code words; a good one goes on its order.
 */
async function checkRowPhone(app: FastifyInstance, raw: BatchRowInput, row: ValidatedRow) {
  const phone = cellText(raw.phone);
  if (!phone) return;
  try {
    const number = await checkOrderPhone(app, phone, 'phone');
    if (row.order) {
      row.order.recipient_phone = number;
      row.order.delivery_method = deliveryMethodOf(row.order.recipient_email, number);
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const code =
      err.code === 'PHONE_INVALID' ? 'INVALID_PHONE' : (err.code as 'RECIPIENT_OPTED_OUT' | 'SMS_UNAVAILABLE');
    row.errors.push({ field: 'phone', code, message: err.details?.[0]?.message ?? err.message });
    row.order = null;
  }
}

const cellText = (v: string | number | undefined) => (typeof v === 'number' ? String(v) : v?.trim() || '');

/**
 * NUL, other control characters (line breaks only in a message) and lone surrogates are not a
 * spreadsheet's typo but hostile or broken input (decision 015): the whole request is refused
 * with 400 naming the line and the column, before anything is written (decision 077).
 */
function refuseHostileCells(rows: readonly BatchRowInput[]) {
  for (const [i, row] of rows.entries()) {
    for (const field of BATCH_FIELDS) {
      const value = row[field];
      if (typeof value !== 'string') continue;
      const problem = textProblem(value, { multiline: field === 'message' });
      if (!problem) continue;
      const message = `line ${batchLine(i + 1)}: ${field} ${problem}`;
      throw validationError(`body.rows.${i}.${field}: ${message}`, [{ path: `body.rows.${i}.${field}`, message }]);
    }
  }
}

function detailOf(err: unknown): string {
  if (err instanceof AppError) return err.details?.[0]?.message ?? err.message;
  throw err;
}

/**
 * A cell as the database can keep it, to show the row back as it was sent (lib/storable-text).
 * The row's checks ran on what was sent, so such a row is invalid anyway.
 */
function storable(value: string | number | undefined): string | null {
  if (value === undefined) return null;
  return storableText(String(value));
}
