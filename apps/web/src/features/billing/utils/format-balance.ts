import { formatMoney, parseAmount } from '@giftrelay/money';

/** A balance figure from the API (major units, exact to the cent) as people read it: $4,974.37. */
export function formatBalance(major: number, currency: string): string {
  const text = formatMoney(parseAmount(Math.abs(major), currency) ?? 0, currency);
  return major < 0 ? `-${text}` : text;
}
