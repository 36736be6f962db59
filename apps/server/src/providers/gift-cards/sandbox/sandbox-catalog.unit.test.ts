import { COUNTRIES, findCountry } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { toProductWrite } from '../../../modules/catalog/sync';
import { baseCatalog } from './catalog';
import { generateCode, luhnCheckDigit, passesLuhn } from './codes';
import { monogram, monogramSvg } from './logo';
import { syntheticCatalog } from './synthetic';

describe('the hand-written sandbox catalogue', () => {
  const products = baseCatalog();

  it('is valid for the catalogue sync, with unique codes', () => {
    for (const p of products) expect(toProductWrite(p, 'sandbox'), p.code).toMatchObject({ code: p.code });
    expect(new Set(products.map((p) => p.code)).size).toBe(products.length);
  });

  it.each([
    ['US', 'USD'],
    ['UK', 'GBP'],
    ['CA', 'CAD'],
  ])('offers several Retail, Food & Beverage and Entertainment cards in %s (%s)', (country, currency) => {
    for (const category of ['Retail', 'Food & Beverage', 'Entertainment']) {
      const matching = products.filter(
        (p) => p.country === country && p.currency === currency && p.category === category,
      );
      expect(matching.length, `${country} ${category}`).toBeGreaterThanOrEqual(5);
    }
  });

  it('has range cards and fixed-value cards, gift cards and prepaid cards', () => {
    const fixed = products.filter((p) => p.denominationsMinor);
    expect(fixed.length).toBeGreaterThan(20);
    for (const p of fixed) {
      expect(p.minValueMinor).toBe(Math.min(...(p.denominationsMinor ?? [])));
      expect(p.maxValueMinor).toBe(Math.max(...(p.denominationsMinor ?? [])));
    }
    expect(products.filter((p) => !p.denominationsMinor).length).toBeGreaterThan(50);
    expect(products.some((p) => p.payoutType === 'prepaid_card')).toBe(true);
  });

  it('keeps amounts in minor units of each currency (yen has none)', () => {
    const amazonUs = products.find((p) => p.code === 'AMAZON-US');
    expect(amazonUs).toMatchObject({ minValueMinor: 100, maxValueMinor: 200_000, currency: 'USD' });
    const amazonJp = products.find((p) => p.code === 'AMAZON-JP');
    expect(amazonJp).toMatchObject({ minValueMinor: 15, maxValueMinor: 500_000, currency: 'JPY' });
  });

  it('describes each card for its country and brand', () => {
    const tesco = products.find((p) => p.code === 'TESCO-UK');
    expect(tesco?.description).toContain('for use in the United Kingdom');
    expect(tesco?.terms).toContain('24 months');
    expect(tesco?.redemptionInstructions).toContain('Tesco');
    expect(tesco?.logoSvg).toContain('>T</text>');
  });
});

describe('the synthetic catalogue (SANDBOX_CATALOG_SIZE)', () => {
  const base = baseCatalog();
  const extra = syntheticCatalog(10_000 - base.length, new Set(base.map((p) => p.code)));
  const all = [...base, ...extra];

  it('adds exactly what was asked, with unique codes, over 190+ countries', () => {
    expect(all).toHaveLength(10_000);
    expect(new Set(all.map((p) => p.code)).size).toBe(10_000);
    expect(new Set(all.map((p) => p.country)).size).toBeGreaterThanOrEqual(190);
    expect(new Set(all.map((p) => p.country)).size).toBe(COUNTRIES.length);
  });

  it('sells each card in its country’s currency, with valid values', () => {
    for (const p of extra) {
      expect(p.currency, p.code).toBe(findCountry(p.country)?.currency);
      expect(toProductWrite(p, 'sandbox'), p.code).not.toBeTypeOf('string');
    }
  });

  it('is the same every time, so syncs do not churn', () => {
    const again = syntheticCatalog(500, new Set(base.map((p) => p.code)));
    expect(again).toEqual(extra.slice(0, 500));
  });
});

describe('card codes', () => {
  it('follow the brand format', () => {
    expect(generateCode('AAAA-AAAAAA-AAAA')).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{6}-[A-HJ-NP-Z2-9]{4}$/);
    expect(generateCode('041-999-999-999-99L')).toMatch(/^041-\d{3}-\d{3}-\d{3}-\d{3}$/);
    expect(generateCode('XAAAAAAAAAAAAAAA')).toMatch(/^X[A-Z2-9]{15}$/);
  });

  it('end card numbers with a correct Luhn check digit', () => {
    for (let i = 0; i < 200; i++) expect(passesLuhn(generateCode('4999 9999 9999 999L'))).toBe(true);
    // Known numbers: the Visa test card and a one-digit-off variant.
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('4111 1111 1111 1112')).toBe(false);
    expect(luhnCheckDigit([7, 9, 9, 2, 7, 3, 9, 8, 7, 1])).toBe(3);
  });

  it('do not repeat', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateCode('AAAA-AAAA-AAAA')));
    expect(codes.size).toBe(2000);
  });
});

describe('logos', () => {
  it('use one or two initials, skipping small words', () => {
    expect(monogram('Amazon')).toBe('A');
    expect(monogram('Best Buy')).toBe('BB');
    expect(monogram('The Home Depot')).toBe('HD');
    expect(monogram('Marks & Spencer')).toBe('MS');
    expect(monogram("Lowe's")).toBe('L');
  });

  it('are SVG in the brand colours, and refuse anything but hex colours', () => {
    const svg = monogramSvg('Starbucks', ['#00704A', '#FFFFFF']);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('fill="#00704A"');
    expect(svg).toContain('>S</text>');
    expect(() => monogramSvg('X', ['red"/><script>', '#FFFFFF'])).toThrow('#rrggbb');
  });
});
