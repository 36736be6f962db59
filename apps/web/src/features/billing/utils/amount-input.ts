import { exponentOf, parseAmount } from '@giftrelay/money';

/** An amount as typed into a funding form ("1,250.50"): its minor units, or why it is not one. */
export function readAmountInput(text: string, currency: string): { minor: number } | { error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (!trimmed) return { error: 'Enter an amount to add' };
  const minor = parseAmount(trimmed, currency);
  if (minor === undefined) {
    const digits = exponentOf(currency);
    return {
      error: digits
        ? `Enter the amount as a number with at most ${digits} decimals, such as 500 or 250.50`
        : 'Enter the amount as a whole number, such as 500',
    };
  }
  return { minor };
}
