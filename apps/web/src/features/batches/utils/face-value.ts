import { formatMoney, parseAmount } from '@giftrelay/money';

/**
 * A row's amount cell in the one money format ("$25.00") when its product's currency is known and
 * the cell reads as an amount; otherwise the cell as it was written, so a bad one shows as typed.
 */
export function faceValue(cell: string | number | undefined, currency: string | null): string {
  const minor = currency && cell !== undefined ? parseAmount(cell, currency, { exact: true }) : undefined;
  return minor === undefined || currency === null ? String(cell ?? '') : formatMoney(minor, currency);
}
