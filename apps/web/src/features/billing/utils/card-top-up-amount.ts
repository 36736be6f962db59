import { CARD_TOPUP_MAX_MINOR, CARD_TOPUP_MIN_MINOR } from '@giftrelay/contracts';
import { type CardFundingAmounts, cardFundingAmounts, formatMoney } from '@giftrelay/money';
import { readAmountInput } from './amount-input';

/**
 * Reads a card top-up amount as typed: its amount, fee and total in minor units (the server's own
 * fee function), or why it cannot be used.
 */
export function readCardTopUp(text: string, currency: string): CardFundingAmounts | { error: string } {
  const read = readAmountInput(text, currency);
  if ('error' in read) return read;
  const { minor } = read;
  if (minor < CARD_TOPUP_MIN_MINOR || minor > CARD_TOPUP_MAX_MINOR) {
    return {
      error: `Add from ${formatMoney(CARD_TOPUP_MIN_MINOR, currency)} to ${formatMoney(CARD_TOPUP_MAX_MINOR, currency)} at a time`,
    };
  }
  return cardFundingAmounts(minor);
}
