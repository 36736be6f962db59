import { convertMinor } from '@giftrelay/money';
import { describe, expect, it } from 'vitest';
import { getRate } from './rates';

describe('getRate', () => {
  it('gives identity for the same currency and the reference rate to USD', () => {
    expect(getRate('USD', 'USD')?.rate).toBe('1');
    expect(getRate('GBP', 'USD')?.rate).toBe('1.2700');
    expect(convertMinor(1000, 'GBP', 'USD', getRate('GBP', 'USD')?.rate ?? '')).toBe(1270);
  });

  it('computes exact cross rates', () => {
    expect(getRate('GBP', 'CAD')?.rate).toBe('1.7397260274');
  });

  it('knows nothing of unknown currencies', () => {
    expect(getRate('XXX', 'USD')).toBeUndefined();
  });
});
