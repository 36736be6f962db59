import { SANDBOX_TOPUP_MAX } from '@giftrelay/contracts';
import { exponentOf, parseAmount, toMajor } from '@giftrelay/money';
import { formatBalance } from './format-balance';

/** Reads the top-up amount as typed: the amount in the major unit, or why it cannot be used. */
export function readTopUpAmount(text: string, currency: string): { amount: number } | { error: string } {
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
  if (minor === 0) return { error: 'The amount must be more than 0' };
  const amount = toMajor(minor, currency);
  if (amount > SANDBOX_TOPUP_MAX)
    return { error: `You can add at most ${formatBalance(SANDBOX_TOPUP_MAX, currency)} at a time` };
  return { amount };
}
