import { SANDBOX_TOPUP_MAX } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import { readAmountInput } from './amount-input';
import { formatBalance } from './format-balance';

/** Reads the top-up amount as typed: the amount in the major unit, or why it cannot be used. */
export function readTopUpAmount(text: string, currency: string): { amount: number } | { error: string } {
  const read = readAmountInput(text, currency);
  if ('error' in read) return read;
  const { minor } = read;
  if (minor === 0) return { error: 'The amount must be more than 0' };
  const amount = toMajor(minor, currency);
  if (amount > SANDBOX_TOPUP_MAX)
    return { error: `You can add at most ${formatBalance(SANDBOX_TOPUP_MAX, currency)} at a time` };
  return { amount };
}
