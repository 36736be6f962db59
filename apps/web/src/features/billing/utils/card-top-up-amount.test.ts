import { describe, expect, it } from 'vitest';
import { readCardTopUp } from './card-top-up-amount';

describe('readCardTopUp', () => {
  it('gives the amount, the shared fee (2.9% + 0.30) and the total in minor units', () => {
    expect(readCardTopUp('100', 'USD')).toEqual({ amount: 10_000, fee: 320, total: 10_320 });
    expect(readCardTopUp(' 1,000.50 ', 'USD')).toEqual({ amount: 100_050, fee: 2931, total: 102_981 });
  });

  it('says why an amount cannot be used', () => {
    expect(readCardTopUp('', 'USD')).toEqual({ error: 'Enter an amount to add' });
    expect(readCardTopUp('abc', 'USD')).toMatchObject({ error: expect.stringContaining('at most 2 decimals') });
    expect(readCardTopUp('9.99', 'USD')).toEqual({ error: 'Add from $10.00 to $25,000.00 at a time' });
    expect(readCardTopUp('25000.01', 'USD')).toEqual({ error: 'Add from $10.00 to $25,000.00 at a time' });
  });
});
