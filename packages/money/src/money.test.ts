import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  formatMoney,
  fromMajor,
  orderAmounts,
  parseAmount,
  processingFee,
  shareOf,
  sharesOf,
  toDecimalString,
  toMajor,
} from './index';

describe('processingFee', () => {
  it.each([
    [2500, 63], // the docs' example: 25.00 → 0.63 (62.5 rounds up)
    [0, 0],
    [1, 0], // 0.025 → 0
    [20, 1], // 0.5 → 1 (half-up)
    [19, 0], // 0.475 → 0
    [10000, 250],
    [99999, 2500], // 2499.975 → 2500
    [500000, 12500],
  ])('fee of %i is %i', (subtotal, fee) => {
    expect(processingFee(subtotal)).toBe(fee);
  });

  it('is 2.5 % rounded half-up for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (s) => {
        const fee = processingFee(s);
        // fee = floor(s/40 + 1/2): 40*fee lies in (s-20, s+20], so an exact half cent goes up.
        return 40 * fee > s - 20 && 40 * fee <= s + 20;
      }),
    );
  });

  it('refuses fractions, negatives and unsafe integers', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => processingFee(bad)).toThrow(RangeError);
  });
});

describe('orderAmounts', () => {
  it('multiplies, adds the fee, and totals', () => {
    expect(orderAmounts(2500, 1)).toEqual({ subtotal: 2500, fee: 63, total: 2563 });
    expect(orderAmounts(1000, 3)).toEqual({ subtotal: 3000, fee: 75, total: 3075 });
  });

  it('total is always subtotal plus fee, and the fee is never over 2.5 % + half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (a, q) => {
        const r = orderAmounts(a, q);
        return r.subtotal === a * q && r.total === r.subtotal + r.fee && r.fee * 1000 <= r.subtotal * 25 + 500;
      }),
    );
  });

  it('rejects a quantity under 1 or fractional', () => {
    expect(() => orderAmounts(100, 0)).toThrow('quantity');
    expect(() => orderAmounts(100, 1.5)).toThrow('quantity');
  });
});

describe('convertMinor', () => {
  it('converts at the rate, half-up', () => {
    expect(convertMinor(1000, 'GBP', 'USD', '1.27')).toBe(1270);
    expect(convertMinor(2563, 'CAD', 'USD', '0.7312')).toBe(1874); // 1874.0656
    expect(convertMinor(1, 'CAD', 'USD', '0.5')).toBe(1); // 0.5 → 1
    expect(convertMinor(1000, 'USD', 'USD', '1')).toBe(1000);
  });

  it('handles currencies with different minor units', () => {
    expect(convertMinor(1000, 'USD', 'JPY', '150.25')).toBe(1503); // 10.00 USD → 1502.5 JPY → 1503
    expect(convertMinor(1503, 'JPY', 'USD', '0.0066555')).toBe(1000); // 10.0032 → 10.00
  });

  it('rejects malformed rates', () => {
    for (const bad of ['', '1e3', '-1', '1.2.3', 'abc', '0.12345678901']) {
      expect(() => convertMinor(100, 'USD', 'GBP', bad)).toThrow('not a valid exchange rate');
    }
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return convertMinor(lo, 'GBP', 'USD', '1.2713') <= convertMinor(hi, 'GBP', 'USD', '1.2713');
      }),
    );
  });
});

describe('parseAmount', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['0.01', 1],
    [' 7 ', 700],
    ['10.', 1000],
    [25.5, 2550],
    [100, 10000],
    ['25.500', 2550],
  ])('%o USD is %i cents', (input, minor) => {
    expect(parseAmount(input, 'USD')).toBe(minor);
  });

  it.each(['', 'abc', '-5', '1.005', '1e3', '1,000', '.5x', '12345678901234'])('%o is not an amount', (input) => {
    expect(parseAmount(input, 'USD')).toBeUndefined();
  });

  it.each([
    ['25', 'USD', 2500],
    ['25.5', 'USD', 2550],
    ['25.50', 'USD', 2550],
    [25.5, 'USD', 2550],
    ['25.000', 'KWD', 25000],
    ['3000', 'JPY', 3000],
  ])('exact: %o %s is %i', (input, currency, minor) => {
    expect(parseAmount(input, currency, { exact: true })).toBe(minor);
  });

  it.each([
    ['25.', 'USD'],
    [' 25 ', 'USD'],
    ['25.000', 'USD'],
    ['25.5', 'JPY'],
    ['', 'USD'],
  ])('exact: %o %s is refused', (input, currency) => {
    expect(parseAmount(input, currency, { exact: true })).toBeUndefined();
  });

  it('rejects numbers that are not exact decimals', () => {
    expect(parseAmount(0.1 + 0.2, 'USD')).toBeUndefined();
    expect(parseAmount(-1, 'USD')).toBeUndefined();
    expect(parseAmount(Number.POSITIVE_INFINITY, 'USD')).toBeUndefined();
  });

  it('round-trips with toDecimalString', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (m) => parseAmount(toDecimalString(m, 'USD'), 'USD') === m),
    );
  });
});

describe('formatting', () => {
  it('shows fixed decimals and currency symbols', () => {
    expect(toDecimalString(2563, 'USD')).toBe('25.63');
    expect(toDecimalString(5, 'USD')).toBe('0.05');
    expect(toDecimalString(-5, 'USD')).toBe('-0.05');
    expect(toDecimalString(5, 'JPY')).toBe('5');
    expect(toMajor(2563, 'USD')).toBe(25.63);
    expect(formatMoney(2563, 'USD')).toBe('$25.63');
    expect(formatMoney(1000, 'GBP')).toBe('£10.00');
    expect(formatMoney(500000, 'USD')).toBe('$5,000.00');
  });
});

describe('fromMajor', () => {
  it('turns a major-unit figure back into minor units for the currency', () => {
    expect(fromMajor(25.63, 'USD')).toBe(2563);
    expect(fromMajor(0.1 + 0.2, 'USD')).toBe(30);
    expect(fromMajor(1200, 'JPY')).toBe(1200);
    expect(() => fromMajor(1e300, 'USD')).toThrow(RangeError);
  });
});

describe('shareOf', () => {
  it('splits a total into shares that add up to it exactly, the remainder to the first', () => {
    expect([0, 1, 2].map((i) => shareOf(100, 3, i))).toEqual([34, 33, 33]);
    expect([0, 1].map((i) => shareOf(1, 2, i))).toEqual([1, 0]);
    expect(shareOf(2563, 1, 0)).toBe(2563);
    for (const [total, parts] of [
      [99_999, 7],
      [1, 100],
      [0, 3],
      [123_456_789, 100],
    ] as const) {
      const sum = Array.from({ length: parts }, (_, i) => shareOf(total, parts, i)).reduce((a, b) => a + b, 0);
      expect(sum).toBe(total);
    }
  });

  it('splits an order in the rewards issued and those refunded: the two add up to the whole, to the unit (decision 058)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 1, max: 100 }).chain((n) => fc.tuple(fc.constant(n), fc.subarray([...Array(n).keys()]))),
        (subtotal, fee, [n, failed]) => {
          const issued = [...Array(n).keys()].filter((i) => !failed.includes(i));
          const released = { subtotal: sharesOf(subtotal, n, failed), fee: sharesOf(fee, n, failed) };
          const captured = { subtotal: sharesOf(subtotal, n, issued), fee: sharesOf(fee, n, issued) };
          return (
            released.subtotal + captured.subtotal === subtotal &&
            released.fee + captured.fee === fee &&
            released.subtotal >= 0 &&
            captured.fee >= 0 &&
            // Each reward's share differs from another's by one unit at most.
            Math.abs(released.subtotal * n - failed.length * subtotal) <= n * failed.length
          );
        },
      ),
    );
    expect(sharesOf(3000, 3, [1, 2])).toBe(2000);
    expect(sharesOf(75, 3, [1, 2])).toBe(50);
    expect(sharesOf(100, 3, [])).toBe(0);
    expect(() => sharesOf(100, 3, [1, 1])).toThrow(RangeError);
  });

  it('refuses a part that is not one', () => {
    expect(() => shareOf(100, 0, 0)).toThrow(RangeError);
    expect(() => shareOf(100, 3, 3)).toThrow(RangeError);
    expect(() => shareOf(100, 3, -1)).toThrow(RangeError);
    expect(() => shareOf(-1, 3, 0)).toThrow(RangeError);
  });
});
