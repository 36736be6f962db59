/**
 * Money for web and server alike: integer minor units, one fee rule, exact currency conversion.
 * No floats touch an amount: parsing reads digits, arithmetic is integer (BigInt where a product
 * could pass 2^53), rounding is half-up and explicit.
 */

/** Minor-unit digits per ISO 4217 currency we handle; default 2. */
const EXPONENTS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  HUF: 2,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
};

export const exponentOf = (currency: string): number => EXPONENTS[currency.toUpperCase()] ?? 2;

/** The processing fee: 2.5 % of the subtotal. Kept as a fraction so the rounding is exact. */
export const FEE_NUMERATOR = 25n;
export const FEE_DENOMINATOR = 1000n;
/** The fee's rate as people read it ("2.5%"), for pages that state it. */
export const FEE_RATE_LABEL = `${(Number(FEE_NUMERATOR) * 100) / Number(FEE_DENOMINATOR)}%`;

/** Divides and rounds half-up (away from zero at .5) for non-negative integers. */
function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divHalfUp takes a non-negative numerator');
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function assertMinor(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of minor units`);
}

/** 2.5 % of `subtotalMinor`, rounded half-up to the minor unit: 2500 → 63 (25.00 → 0.63). */
export function processingFee(subtotalMinor: number): number {
  assertMinor(subtotalMinor, 'subtotal');
  return Number(divHalfUp(BigInt(subtotalMinor) * FEE_NUMERATOR, FEE_DENOMINATOR));
}

/**
 * The card-funding fee (decision 046): Stripe's standard card price, 2.9 % + 0.30, charged on top
 * of the amount a top-up credits. Kept as a fraction and a fixed part so the rounding is exact.
 */
export const CARD_FEE_NUMERATOR = 29n;
export const CARD_FEE_DENOMINATOR = 1000n;
export const CARD_FEE_FIXED_MINOR = 30;
/** The card fee as people read it ("2.9% + 0.30"), for pages that state it. */
export const CARD_FEE_LABEL = `${(Number(CARD_FEE_NUMERATOR) * 100) / Number(CARD_FEE_DENOMINATOR)}% + ${(CARD_FEE_FIXED_MINOR / 100).toFixed(2)}`;

/** 2.9 % of `amountMinor`, rounded half-up to the minor unit, plus 0.30: 10000 → 320 (100.00 → 3.20). */
export function cardFundingFee(amountMinor: number): number {
  assertMinor(amountMinor, 'amount');
  if (amountMinor === 0) return 0;
  return Number(divHalfUp(BigInt(amountMinor) * CARD_FEE_NUMERATOR, CARD_FEE_DENOMINATOR)) + CARD_FEE_FIXED_MINOR;
}

export interface CardFundingAmounts {
  /** What the balance is credited with. */
  amount: number;
  fee: number;
  /** What the card is charged: amount + fee. */
  total: number;
}

/** A card top-up's amount, fee and total, in the billing currency's minor units. */
export function cardFundingAmounts(amountMinor: number): CardFundingAmounts {
  const fee = cardFundingFee(amountMinor);
  return { amount: amountMinor, fee, total: amountMinor + fee };
}

export interface OrderAmounts {
  subtotal: number;
  fee: number;
  total: number;
}

/** Subtotal (amount × quantity), fee and total, in the same currency's minor units. */
export function orderAmounts(amountMinor: number, quantity: number): OrderAmounts {
  assertMinor(amountMinor, 'amount');
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError('quantity must be a whole number of at least 1');
  const subtotal = amountMinor * quantity;
  assertMinor(subtotal, 'subtotal');
  const fee = processingFee(subtotal);
  return { subtotal, fee, total: subtotal + fee };
}

/**
 * One part's share of `totalMinor` split into `parts` (0-based `index`): the whole units split
 * evenly and the remainder one each to the first parts, so the shares always add up to the total
 * exactly. A voided reward's refund is its share of the order's charged subtotal and fee.
 */
export function shareOf(totalMinor: number, parts: number, index: number): number {
  assertMinor(totalMinor, 'total');
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError('parts must be a whole number of at least 1');
  if (!Number.isSafeInteger(index) || index < 0 || index >= parts) throw new RangeError('index must be a part');
  const base = Math.floor(totalMinor / parts);
  return base + (index < totalMinor % parts ? 1 : 0);
}

/**
 * The shares of `totalMinor` split in `parts` (shareOf) at the given indexes, added up: what a set
 * of an order's rewards is worth of its subtotal or fee. The shares at a set of indexes and at the
 * rest always add up to the total, to the unit.
 */
export function sharesOf(totalMinor: number, parts: number, indexes: readonly number[]): number {
  if (new Set(indexes).size !== indexes.length) throw new RangeError('indexes must be distinct');
  return indexes.reduce((sum, i) => sum + shareOf(totalMinor, parts, i), 0);
}

/**
 * An exchange rate as an exact decimal string ("1.27", "0.7312"), at most 10 decimals. Rates are
 * strings because they are stored in a numeric column and must round-trip exactly.
 */
const RATE_PATTERN = /^\d{1,6}(\.\d{1,10})?$/;
const RATE_SCALE_DIGITS = 10;

function rateToScaled(rate: string): bigint {
  if (!RATE_PATTERN.test(rate)) throw new RangeError(`not a valid exchange rate: ${rate}`);
  const [whole, frac = ''] = rate.split('.');
  return BigInt(`${whole}${frac.padEnd(RATE_SCALE_DIGITS, '0')}`);
}

/**
 * Converts minor units of `from` into minor units of `to` at `rate` (units of `to` per unit of
 * `from`), rounding half-up. Handles currencies with different minor-unit digits.
 */
export function convertMinor(amountMinor: number, from: string, to: string, rate: string): number {
  assertMinor(amountMinor, 'amount');
  const scaled = rateToScaled(rate);
  const shift = exponentOf(to) - exponentOf(from);
  let numerator = BigInt(amountMinor) * scaled;
  let denominator = 10n ** BigInt(RATE_SCALE_DIGITS);
  if (shift > 0) numerator *= 10n ** BigInt(shift);
  if (shift < 0) denominator *= 10n ** BigInt(-shift);
  const result = divHalfUp(numerator, denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('converted amount is too large');
  return Number(result);
}

/**
 * Reads a decimal amount typed by a person or sent in JSON ("25", "25.5", 25.5) into minor units,
 * exactly. Returns undefined for anything that is not a non-negative amount with at most the
 * currency's digits of fraction. People's typing is forgiven (" 7 ", "10.", "25.500"); with
 * `exact` (the API's edge) it is not: no surrounding space, no bare point, no decimal beyond the
 * currency's minor unit even when it is zero.
 */
export function parseAmount(
  input: string | number,
  currency: string,
  opts: { exact?: boolean } = {},
): number | undefined {
  const digits = exponentOf(currency);
  const text = typeof input === 'number' ? numberToPlainString(input) : opts.exact ? input : input.trim();
  if (text === undefined) return undefined;
  const match = (opts.exact ? /^(\d{1,12})(?:\.(\d+))?$/ : /^(\d{1,13})(?:\.(\d*))?$/).exec(text);
  if (!match) return undefined;
  const [, whole = '0', frac = ''] = match;
  if (frac.length > digits) {
    if (opts.exact || !/^0*$/.test(frac.slice(digits))) return undefined;
  }
  const minor = Number(whole) * 10 ** digits + Number((frac.slice(0, digits) || '0').padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

function numberToPlainString(n: number): string | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined;
  // Shortest round-trip representation: 25.5 → "25.5", 0.1 + 0.2 → "0.30000000000000004" (rejected).
  const s = String(n);
  return /e/i.test(s) ? undefined : s;
}

/** Minor units as a plain decimal number for JSON answers in major units: 2563 USD → 25.63. */
export function toMajor(minor: number, currency: string): number {
  return Number(toDecimalString(minor, currency));
}

/** A major-unit figure from a JSON answer back in minor units: 25.63 USD → 2563, 1200 JPY → 1200. */
export function fromMajor(major: number, currency: string): number {
  const minor = Math.round(major * 10 ** exponentOf(currency));
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount is out of range');
  return minor;
}

/** Minor units as a fixed decimal string: 2563 → "25.63", 5 JPY → "5". */
export function toDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount must be an integer of minor units');
  const digits = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** "$25.63", "£10.00", "CA$5.00" for people; `locale` defaults to en-US. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  return formatter(currency, locale).format(Number(toDecimalString(minor, currency)));
}

// Building an Intl.NumberFormat costs far more than using one; there are few currencies.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = exponentOf(currency);
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}
