import { describe, expect, it } from 'vitest';
import { COUNTRIES, normalizeCountryCode } from './countries';
import { currencyExponent, isCurrencyCode, parseMajor, toMajor } from './currency';

describe('currency minor units', () => {
  it('knows the exponents of ISO 4217', () => {
    expect([currencyExponent('USD'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 0, 3]);
    expect(() => currencyExponent('XYZ')).toThrow('Unknown currency XYZ');
    expect(isCurrencyCode('GBP')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
  });

  it('shows minor units as major-unit numbers', () => {
    expect(toMajor(2550, 'USD')).toBe(25.5);
    expect(toMajor(1999, 'USD')).toBe(19.99);
    expect(toMajor(3000, 'JPY')).toBe(3000);
    expect(toMajor(12500, 'KWD')).toBe(12.5);
    expect(JSON.stringify(toMajor(1, 'USD'))).toBe('0.01');
  });

  it('reads decimals exactly, with no floating-point drift', () => {
    expect(parseMajor('1.005', 'KWD')).toBe(1005);
    expect(parseMajor('1.15', 'USD')).toBe(115); // 1.15 * 100 is 114.99999999999999 in floating point
    expect(parseMajor('25', 'USD')).toBe(2500);
    expect(parseMajor('0.1', 'USD')).toBe(10);
    expect(parseMajor('3000', 'JPY')).toBe(3000);
  });

  it('rejects or rounds digits beyond the minor unit, as asked', () => {
    expect(parseMajor('10.005', 'USD')).toBeNull();
    expect(parseMajor('10.001', 'USD', 'up')).toBe(1001);
    expect(parseMajor('10.009', 'USD', 'down')).toBe(1000);
    expect(parseMajor('10.000', 'USD')).toBe(1000);
    expect(parseMajor('10.5', 'JPY', 'up')).toBe(11);
  });

  it('refuses what is not a plain non-negative decimal', () => {
    for (const text of ['-1', '1e3', 'abc', '', '1.', '.5', '1,5', ' 1'])
      expect(parseMajor(text, 'USD'), text).toBeNull();
  });
});

describe('countries', () => {
  it('lists 190+ countries, each with a known currency and a unique code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(isCurrencyCode(c.currency), c.code).toBe(true);
  });

  it('uses UK for the United Kingdom, accepting GB and any case', () => {
    expect(normalizeCountryCode('UK')).toBe('UK');
    expect(normalizeCountryCode('gb')).toBe('UK');
    expect(normalizeCountryCode('us')).toBe('US');
    expect(normalizeCountryCode('ZZ')).toBeNull();
  });
});
