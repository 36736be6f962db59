import { type BatchField, type BatchRowError, type CreateBatchBody, isCurrencyCode } from '@giftrelay/contracts';
import { parseAmount } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { choiceSetExists, type ResolvedChoice, resolveChoice } from '../choice-sets';
import { getRate } from '../fx';
import { choiceStandIn, type NewOrderRow, newOrderRow } from '../orders';

/**
 * Recipient's choice in a batch (decision 080): a row with a `choice_set` (its own, or the batch's
 * `default_choice_set_id`) and a `currency` becomes a choice order, its options fixed as one
 * order's are; a set that is not the organisation's, or offers nothing at the row's value, is the
 * row's error rather than the batch's.
 */

/** A set's options at a value, resolved once per set, currency and value for the whole batch. */
export type ChoiceOf = (setId: string, currency: string, amountMinor: number) => Promise<ResolvedChoice>;

export function choiceResolver(app: FastifyInstance, organisationId: string): ChoiceOf {
  const seen = new Map<string, Promise<ResolvedChoice>>();
  return (setId, currency, amountMinor) => {
    const key = `${setId}\0${currency}\0${amountMinor}`;
    let resolved = seen.get(key);
    if (!resolved) {
      resolved = resolveChoice(app.db, organisationId, { choice_set_id: setId }, currency, amountMinor);
      seen.set(key, resolved);
    }
    return resolved;
  };
}

/** A batch-wide set that is not the organisation's refuses the batch (404), as a bad default product does. */
export async function checkDefaultChoiceSet(app: FastifyInstance, organisationId: string, setId: string) {
  if (!(await choiceSetExists(app.db, organisationId, setId)))
    throw new AppError('CHOICE_SET_NOT_FOUND', 'default_choice_set_id is not one of the organisation’s choice sets', [
      { path: 'body.default_choice_set_id', message: 'not one of the organisation’s choice sets' },
    ]);
}

/** A row without a product or set of its own takes the batch's default product, else its default set. */
export function withDefault<R extends { product_code?: string; choice_set?: string }>(
  row: R,
  body: CreateBatchBody,
): R {
  if (body.default_product_code) return { ...row, product_code: body.default_product_code };
  if (body.default_choice_set_id) return { ...row, choice_set: body.default_choice_set_id };
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The choice row's order, or null with its problems added through `fail`. */
export async function choiceRowOrder(r: {
  text: (f: BatchField) => string;
  fail: (field: BatchRowError['field'], code: BatchRowError['code'], message: string) => void;
  quantity: number;
  billing: string;
  quoted: Map<string, { rate: string }>;
  choiceOf: ChoiceOf;
  fields: {
    /** Null for a row with only a phone (decision 088). */
    email: string | null;
    recipientName: string | null;
    message: string | null;
    sendAt: Date | null;
    expiresAt: Date | null;
  };
}): Promise<NewOrderRow | null> {
  const { text, fail } = r;
  const setId = text('choice_set');
  const currency = text('currency').toUpperCase();
  let problems = 0;
  const refuse: typeof fail = (...args) => {
    problems++;
    fail(...args);
  };
  if (!UUID.test(setId)) refuse('choice_set', 'UNKNOWN_CHOICE_SET', 'choice_set must be the id of a choice set');
  if (!currency) refuse('currency', 'MISSING_FIELD', 'currency is required with a choice_set');
  else if (!/^[A-Z]{3}$/.test(currency) || !isCurrencyCode(currency))
    refuse('currency', 'UNSUPPORTED_CURRENCY', 'currency must be an ISO 4217 code such as USD');
  if (r.quantity !== 1) refuse('quantity', 'INVALID_QUANTITY', 'a choice reward is one reward: quantity must be 1');
  if (problems || !text('amount')) return null;
  const amountMinor = parseAmount(text('amount'), currency, { exact: true });
  if (amountMinor === undefined || amountMinor === 0) {
    fail('amount', 'INVALID_AMOUNT', 'amount must be a positive number with the currency’s decimals');
    return null;
  }
  const rate = r.quoted.get(currency)?.rate ?? getRate(currency, r.billing)?.rate;
  if (!rate) {
    fail('currency', 'UNSUPPORTED_CURRENCY', `Orders in ${currency} cannot be charged in ${r.billing} yet`);
    return null;
  }
  let choice: ResolvedChoice;
  try {
    choice = await r.choiceOf(setId, currency, amountMinor);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'CHOICE_EMPTY') fail('choice_set', 'CHOICE_EMPTY', err.message);
    else fail('choice_set', 'UNKNOWN_CHOICE_SET', 'choice_set is not one of the organisation’s choice sets');
    return null;
  }
  return newOrderRow({ userId: null, organisationId: '' }, choiceStandIn(currency), {
    amountMinor,
    quantity: 1,
    billing: r.billing,
    fxRate: rate,
    ...r.fields,
    choice,
  });
}
