/**
 * Currencies and their minor units (ISO 4217). Amounts live as integers in minor units everywhere
 * inside GiftRelay; the API shows them as decimal numbers in the major unit, exact to the minor
 * unit (USD 2550 minor → 25.5, JPY 3000 minor → 3000, KWD 12500 minor → 12.5).
 */

// Currencies whose minor unit is not a hundredth. Every other known currency has two decimals.
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY COP ' +
  'CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD ' +
  'KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO ' +
  'NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SLE SOS SRD SSP STN SYP SZL THB TJS ' +
  'TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW';

const EXPONENTS: ReadonlyMap<string, number> = new Map([
  ...EXPONENT_0.split(' ').map((c) => [c, 0] as const),
  ...EXPONENT_2.split(' ').map((c) => [c, 2] as const),
  ...EXPONENT_3.split(' ').map((c) => [c, 3] as const),
]);

export const CURRENCY_CODES: readonly string[] = [...EXPONENTS.keys()].sort();

export function isCurrencyCode(code: string): boolean {
  return EXPONENTS.has(code);
}

/** How many decimals the currency's minor unit has: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  const exponent = EXPONENTS.get(currency);
  if (exponent === undefined) throw new Error(`Unknown currency ${currency}`);
  return exponent;
}

/** Minor units to the number the API shows: 2550 USD cents → 25.5. */
export function toMajor(minor: number, currency: string): number {
  // Dividing an integer by a power of ten gives the double nearest the exact decimal, which
  // JSON prints as that decimal.
  return minor / 10 ** currencyExponent(currency);
}

/** A decimal as people write it: digits, optionally a point and more digits; no sign, no exponent. */
export const DECIMAL_PATTERN = /^\d{1,12}(\.\d{1,3})?$/;

/**
 * A decimal amount in the major unit to minor units, exactly (no floating point on the way).
 * `rounding` says what to do with digits beyond the currency's minor unit: 'reject' answers
 * null, 'up' and 'down' round toward the next whole minor unit.
 */
export function parseMajor(
  text: string,
  currency: string,
  rounding: 'reject' | 'up' | 'down' = 'reject',
): number | null {
  if (!DECIMAL_PATTERN.test(text)) return null;
  const exponent = currencyExponent(currency);
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  const dropped = fraction.slice(exponent);
  let minor = Number(whole) * 10 ** exponent + Number(kept || '0');
  if (/[1-9]/.test(dropped)) {
    if (rounding === 'reject') return null;
    if (rounding === 'up') minor += 1;
  }
  return Number.isSafeInteger(minor) ? minor : null;
}
