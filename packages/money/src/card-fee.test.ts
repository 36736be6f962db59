import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_FEE_LABEL, cardFundingAmounts, cardFundingFee } from './index';

describe('cardFundingFee (decision 046)', () => {
  it.each([
    [10000, 320], // 100.00 → 2.90 + 0.30
    [1000, 59], // 10.00 → 0.29 + 0.30
    [2500, 103], // 25.00 → 0.725 → 0.73 (half-up) + 0.30
    [1724, 80], // 17.24 → 0.49996 → 0.50 + 0.30
    [0, 0],
    [2_500_000, 72_530], // 25,000.00 → 725.00 + 0.30
  ])('fee of %i is %i', (amount, fee) => {
    expect(cardFundingFee(amount)).toBe(fee);
  });

  it('is 2.9 % rounded half-up plus 30 for every positive amount, and the total adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (amount) => {
        const exact = (amount * 29) / 1000;
        const fee = cardFundingFee(amount);
        expect(Math.abs(fee - 30 - exact)).toBeLessThanOrEqual(0.5);
        const split = cardFundingAmounts(amount);
        expect(split.total).toBe(split.amount + split.fee);
      }),
    );
  });

  it('refuses what is not minor units, and says itself as people read it', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => cardFundingFee(bad)).toThrow(RangeError);
    expect(CARD_FEE_LABEL).toBe('2.9% + 0.30');
  });
});
