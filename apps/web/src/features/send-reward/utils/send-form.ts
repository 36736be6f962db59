import { type CreateOrderBody, CreateOrderBodySchema, MAX_QUANTITY, type Product } from '@giftrelay/contracts';
import { convertMinor, exponentOf, orderAmounts, parseAmount, processingFee, toDecimalString } from '@giftrelay/money';

/** What the dialog needs of a product. */
export type SendableProduct = Pick<Product, 'code' | 'name' | 'currency' | 'minValue' | 'maxValue' | 'denominations'>;

/** The form as typed: text, so nothing is lost or rounded before it is checked. */
export interface SendFormValues {
  email: string;
  amount: string;
  quantity: string;
  message: string;
}

export const EMPTY_SEND_FORM: SendFormValues = { email: '', amount: '', quantity: '1', message: '' };
export const MESSAGE_MAX_LENGTH = 500;

export type SendFormField = 'email' | 'amount' | 'quantity' | 'message';

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

const groupedFormats = new Map<number, Intl.NumberFormat>();

/** "USD 2,000.00", "JPY 3,000": the currency's code and the amount to its minor unit. */
export function formatWithCode(minor: number, currency: string): string {
  const digits = exponentOf(currency);
  let format = groupedFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    groupedFormats.set(digits, format);
  }
  // toDecimalString is exact; the format only adds grouping to a value it can represent exactly.
  return `${currency} ${format.format(Number(toDecimalString(minor, currency)))}`;
}

/** The spec's rule for the Send button: amount, email and quantity all filled in. */
export function isSendFormFilled(values: SendFormValues): boolean {
  return values.amount.trim() !== '' && values.email.trim() !== '' && values.quantity.trim() !== '';
}

/** A whole number from 1 to 100 typed as text, or undefined. */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_QUANTITY ? n : undefined;
}

export function amountProblem(text: string, rule: AmountRule): SendFormProblem | undefined {
  const minor = parseAmount(text, rule.currency);
  const range = `Amount must be between ${formatWithCode(rule.minMinor, rule.currency)} and ${formatWithCode(rule.maxMinor, rule.currency)}`;
  if (minor === undefined) {
    const digits = exponentOf(rule.currency);
    return {
      title: 'Invalid amount',
      description: digits
        ? `Enter the amount as a number with at most ${digits} decimals, such as 25 or 25.50. ${range}.`
        : `Enter the amount as a whole number. ${range}.`,
      field: 'amount',
    };
  }
  if (rule.fixedMinor && !rule.fixedMinor.includes(minor)) {
    return {
      title: 'Invalid amount',
      description: `Choose one of ${rule.fixedMinor.map((m) => formatWithCode(m, rule.currency)).join(', ')}`,
      field: 'amount',
    };
  }
  if (minor < rule.minMinor || minor > rule.maxMinor) {
    return { title: 'Invalid amount', description: range, field: 'amount' };
  }
  return undefined;
}

export type SendFormCheck =
  | { ok: true; body: CreateOrderBody; amountMinor: number }
  | { ok: false; problem: SendFormProblem };

/**
 * Checks the form as the spec's order dialog does (missing fields first, then the amount's
 * bounds), then the email and quantity as the API will, and gives the request body.
 */
export function checkSendForm(values: SendFormValues, product: SendableProduct): SendFormCheck {
  const missing = (['amount', 'email', 'quantity'] as const).find((f) => values[f].trim() === '');
  if (missing) {
    return {
      ok: false,
      problem: { title: 'Missing information', description: 'Please fill in all required fields', field: missing },
    };
  }
  const rule = amountRule(product);
  const badAmount = amountProblem(values.amount, rule);
  if (badAmount) return { ok: false, problem: badAmount };
  const email = values.email.trim();
  if (!CreateOrderBodySchema.shape.email.safeParse(email).success) {
    return {
      ok: false,
      problem: {
        title: 'Invalid email address',
        description: 'Enter the recipient’s email address, such as name@company.com',
        field: 'email',
      },
    };
  }
  const quantity = parseQuantity(values.quantity);
  if (quantity === undefined) {
    return {
      ok: false,
      problem: {
        title: 'Invalid quantity',
        description: `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`,
        field: 'quantity',
      },
    };
  }
  const message = values.message.trim();
  if (message.length > MESSAGE_MAX_LENGTH) {
    return {
      ok: false,
      problem: {
        title: 'Message too long',
        description: `The message must be at most ${MESSAGE_MAX_LENGTH} characters`,
        field: 'message',
      },
    };
  }
  const amountMinor = parseAmount(values.amount, rule.currency) as number;
  return {
    ok: true,
    amountMinor,
    body: {
      product_code: product.code,
      // Exact decimal text: the server reads it without a float in between.
      amount: toDecimalString(amountMinor, rule.currency),
      email,
      quantity,
      ...(message ? { message } : {}),
    },
  };
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
