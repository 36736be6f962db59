import { currencyExponent, isCurrencyCode, type Product } from '@giftrelay/contracts';

/** An amount in the major unit as people read it in that currency: 2,000 · 25.50 · 3,000. */
export function formatAmount(value: number, currency: string): string {
  const decimals = isCurrencyCode(currency) ? currencyExponent(currency) : 2;
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: whole ? 0 : decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** "USD 5 - 500", as the card shows a product's range. */
export function formatRange(product: Pick<Product, 'currency' | 'minValue' | 'maxValue'>): string {
  const { currency, minValue, maxValue } = product;
  if (minValue === maxValue) return `${currency} ${formatAmount(minValue, currency)}`;
  return `${currency} ${formatAmount(minValue, currency)} - ${formatAmount(maxValue, currency)}`;
}
