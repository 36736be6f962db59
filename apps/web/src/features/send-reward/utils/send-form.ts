import {
  CHOICE_PRODUCT_CODE,
  CHOICE_PRODUCT_NAME,
  type CreateOrderBody,
  CreateOrderBodySchema,
  MAX_QUANTITY,
  ORDER_MESSAGE_MAX_LENGTH,
  type OrderChoiceBody,
  type Product,
  RECIPIENT_NAME_MAX_LENGTH,
} from '@giftrelay/contracts';
import {
  convertMinor,
  exponentOf,
  formatMoney,
  orderAmounts,
  parseAmount,
  processingFee,
  toDecimalString,
} from '@giftrelay/money';
import { isPossiblePhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';

/** What the dialog needs of a product. */
export type SendableProduct = Pick<
  Product,
  'code' | 'name' | 'brand' | 'currency' | 'minValue' | 'maxValue' | 'denominations'
> &
  Partial<Pick<Product, 'redemptionInstructions'>>;

/**
 * A recipient's-choice reward to send (decision 080): the recipient picks one of the cards on the
 * claim page. `currency` is fixed when the set's rule names one; otherwise the sender picks it.
 */
export interface ChoiceToSend {
  /** The set's name, or a short list of the cards, for the dialog's title and the toast. */
  label: string;
  choice: OrderChoiceBody;
  currency?: string;
}

/** The largest value a choice takes here, in the major unit; the cards on offer decide in the end. */
const CHOICE_MAX_VALUE = 1_000_000;

/**
 * A choice as the form reads a product: any value from the currency's smallest unit (the cards the
 * value allows are shown beside it, and the server refuses a value none of them takes).
 */
export function choiceProduct(choice: ChoiceToSend, currency: string): SendableProduct {
  return {
    code: CHOICE_PRODUCT_CODE,
    name: `${CHOICE_PRODUCT_NAME} (${choice.label})`,
    brand: CHOICE_PRODUCT_NAME,
    currency,
    minValue: 10 ** -exponentOf(currency),
    maxValue: CHOICE_MAX_VALUE,
    denominations: null,
  };
}

/** The form as typed: text, so nothing is lost or rounded before it is checked. */
export interface SendFormValues {
  email: string;
  /** The recipient's mobile number, optional: the claim links are texted too (decision 082). */
  phone: string;
  recipientName: string;
  amount: string;
  quantity: string;
  message: string;
}

export const EMPTY_SEND_FORM: SendFormValues = {
  email: '',
  phone: '',
  recipientName: '',
  amount: '',
  quantity: '1',
  message: '',
};
export const MESSAGE_MAX_LENGTH = ORDER_MESSAGE_MAX_LENGTH;

export type SendFormField = keyof SendFormValues;

/** The spec's three required fields, in the order its notice names them. */
const REQUIRED: readonly SendFormField[] = ['amount', 'email', 'quantity'];
/** The order fields are checked in (and the first one wrong takes focus). */
export const FIELD_ORDER: readonly SendFormField[] = [
  'amount',
  'email',
  'phone',
  'quantity',
  'recipientName',
  'message',
];

/** The title of the spec's notice when a field is wrong (an empty one is 'Missing information'). */
const NOTICE_TITLES: Record<SendFormField, string> = {
  amount: 'Invalid amount',
  email: 'Invalid email address',
  phone: 'Invalid phone number',
  quantity: 'Invalid quantity',
  recipientName: 'Name too long',
  message: 'Message too long',
};

/** A notice with the spec's title, and the field to fix. */
export interface SendFormProblem {
  title: string;
  description: string;
  field: SendFormField;
}

export interface AmountRule {
  currency: string;
  minMinor: number;
  maxMinor: number;
  /** The only values allowed, in minor units, for fixed-value cards. */
  fixedMinor: number[] | null;
}

/** The product's values in minor units; a card whose range is one value counts as fixed. */
export function amountRule(product: SendableProduct): AmountRule {
  const toMinor = (major: number) => parseAmount(major, product.currency) ?? 0;
  const minMinor = toMinor(product.minValue);
  const maxMinor = toMinor(product.maxValue);
  const fixed = product.denominations?.length ? product.denominations.map(toMinor) : null;
  return {
    currency: product.currency,
    minMinor,
    maxMinor,
    fixedMinor: fixed ?? (minMinor === maxMinor ? [minMinor] : null),
  };
}

/**
 * The spec's rule for the Send button: amount, email and quantity all filled in; since decision
 * 088 a mobile number stands in for the email (the recipient is texted only).
 */
export function isSendFormFilled(values: SendFormValues): boolean {
  return REQUIRED.every((field) => values[field].trim() !== '' || (field === 'email' && values.phone.trim() !== ''));
}

/** A whole number from 1 to 100 typed as text, or undefined. */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_QUANTITY ? n : undefined;
}

/** Why an amount is not one this product takes, in words for the person typing it. */
export function amountProblem(text: string, rule: AmountRule): string | undefined {
  const minor = parseAmount(text, rule.currency);
  const range = `Amount must be between ${formatMoney(rule.minMinor, rule.currency)} and ${formatMoney(rule.maxMinor, rule.currency)}`;
  if (minor === undefined) {
    const digits = exponentOf(rule.currency);
    return digits
      ? `Enter the amount as a number with at most ${digits} decimals, such as 25 or 25.50. ${range}.`
      : `Enter the amount as a whole number. ${range}.`;
  }
  if (rule.fixedMinor && !rule.fixedMinor.includes(minor)) {
    return `Choose one of ${rule.fixedMinor.map((m) => formatMoney(m, rule.currency)).join(', ')}`;
  }
  if (minor < rule.minMinor || minor > rule.maxMinor) return range;
  return undefined;
}

const REQUIRED_MESSAGE = 'Required';

/** A field the spec requires: empty is its own message, then the field's own rule. */
const required = (check: (text: string) => string | undefined) =>
  z.string().superRefine((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return;
    }
    const problem = check(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The form's one schema, for react-hook-form's resolver and the submit alike: each field as the
 * API checks it (the email, name and message rules from the order contract, the amount from the
 * product's values in exact minor units) and, when all is well, the request body.
 */
export function sendFormSchema(product: SendableProduct, choice?: OrderChoiceBody) {
  const rule = amountRule(product);
  const { email, message, recipient_name } = CreateOrderBodySchema.shape;
  return z
    .object({
      // Decision 088: empty when the recipient is reached by text only (checked below with phone).
      email: z
        .string()
        .refine(
          (text) => text.trim() === '' || email.safeParse(text.trim()).success,
          'Enter an email address such as name@company.com',
        ),
      // The server checks the number itself (its country, a mobile line, STOP); this catches typos.
      phone: z
        .string()
        .refine(
          (text) => text.trim() === '' || isPossiblePhoneNumber(text.trim()),
          'Enter a mobile number with its country code, such as +44 7700 900123',
        ),
      recipientName: z
        .string()
        .refine((text) => recipient_name.safeParse(text).success, `At most ${RECIPIENT_NAME_MAX_LENGTH} characters`),
      amount: required((text) => amountProblem(text, rule)),
      quantity: required((text) =>
        parseQuantity(text) === undefined ? `Quantity must be a whole number from 1 to ${MAX_QUANTITY}` : undefined,
      ),
      message: z
        .string()
        .refine(
          (text) => message.safeParse(text).success,
          `The message must be at most ${ORDER_MESSAGE_MAX_LENGTH} characters`,
        ),
    })
    .superRefine((values, ctx) => {
      // An address, a number or both (decision 088): neither is the email's "Required".
      if (values.email.trim() === '' && values.phone.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['email'], message: REQUIRED_MESSAGE });
    })
    .transform((values): SendFormOutput => {
      const amountMinor = parseAmount(values.amount, rule.currency) as number;
      const note = values.message.trim();
      const name = values.recipientName.trim();
      const phone = values.phone.trim();
      return {
        amountMinor,
        body: {
          // A choice names its cards and currency instead of a product (decision 080).
          ...(choice ? { choice, currency: rule.currency } : { product_code: product.code }),
          // Exact decimal text: the server reads it without a float in between.
          amount: toDecimalString(amountMinor, rule.currency),
          ...(values.email.trim() ? { email: values.email.trim() } : {}),
          quantity: parseQuantity(values.quantity) as number,
          // Always sent: an emptied message is the sender's choice of none, not the organisation's
          // default message, which the server puts on orders that say nothing of one (issue 35).
          message: note,
          ...(name ? { recipient_name: name } : {}),
          ...(phone ? { phone } : {}),
        },
      };
    });
}

export interface SendFormOutput {
  body: CreateOrderBody;
  amountMinor: number;
}

export type SendFormCheck = ({ ok: true } & SendFormOutput) | { ok: false; problem: SendFormProblem };

/** The spec's notice for a set of field errors: what is missing first, then the first field wrong. */
export function noticeFor(errors: Partial<Record<SendFormField, string | undefined>>): SendFormProblem | undefined {
  const missing = REQUIRED.find((field) => errors[field] === REQUIRED_MESSAGE);
  if (missing)
    return { title: 'Missing information', description: 'Please fill in all required fields', field: missing };
  const field = FIELD_ORDER.find((f) => errors[f]);
  return field ? { title: NOTICE_TITLES[field], description: errors[field] as string, field } : undefined;
}

/** The schema's verdict on the whole form, as the spec's notice or the request body. */
export function checkSendForm(values: SendFormValues, product: SendableProduct): SendFormCheck {
  const result = sendFormSchema(product).safeParse(values);
  if (result.success) return { ok: true, ...result.data };
  const errors: Partial<Record<SendFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SendFormField;
    errors[field] ??= issue.message;
  }
  return { ok: false, problem: noticeFor(errors) as SendFormProblem };
}

export interface ChargeRate {
  /** The billing currency. */
  currency: string;
  /** Units of the billing currency per unit of the product's, as an exact decimal. */
  rate: string;
}

export interface SendSums {
  currency: string;
  subtotal: number;
  fee: number;
  total: number;
  /** In the billing currency, when it differs from the product's and the rate is known. */
  charged?: { currency: string; rate: string; subtotal: number; fee: number; total: number };
}

/**
 * Subtotal, fee and total in the product's currency from the shared money rules, and the charge
 * in the billing currency worked out as the server does: the subtotal converted, then its fee.
 * Undefined until the amount and quantity make sense.
 */
export function sendSums(values: Pick<SendFormValues, 'amount' | 'quantity'>, currency: string, charge?: ChargeRate) {
  const amountMinor = parseAmount(values.amount, currency);
  const quantity = parseQuantity(values.quantity);
  if (!amountMinor || quantity === undefined) return undefined;
  const sums: SendSums = { currency, ...orderAmounts(amountMinor, quantity) };
  if (charge && charge.currency !== currency) {
    const subtotal = convertMinor(sums.subtotal, currency, charge.currency, charge.rate);
    const fee = processingFee(subtotal);
    sums.charged = { currency: charge.currency, rate: charge.rate, subtotal, fee, total: subtotal + fee };
  }
  return sums;
}

/**
 * How much more the balance needs for this send, in minor units of the balance's currency;
 * undefined when it is enough, or while the charge in that currency is not known yet.
 */
export function fundsMissing(
  sums: SendSums | undefined,
  balance: { available: number; currency: string },
): number | undefined {
  if (!sums) return undefined;
  const total =
    sums.charged?.currency === balance.currency
      ? sums.charged.total
      : sums.currency === balance.currency
        ? sums.total
        : undefined;
  const available = parseAmount(Math.max(0, balance.available), balance.currency) ?? 0;
  return total !== undefined && total > available ? total - available : undefined;
}
