import { randomUUID } from 'node:crypto';
import { parseMajor } from '@giftrelay/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderProduct } from '../../../test/factories/catalog';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { sandboxOf } from '../../providers/gift-cards';
import type { ProviderProduct } from '../../providers/gift-cards/types';

// A catalogue made for the filters: several countries and currencies (including yen, with no
// minor unit, and dinars, with three), ranges and fixed values, names with accents and with the
// characters LIKE treats specially.
const FIXTURE: ProviderProduct[] = [
  buildProviderProduct({
    code: 'AMZ-US',
    brand: 'Amazon',
    name: 'Amazon.com Gift Card',
    minValueMinor: 100,
    maxValueMinor: 200_000,
  }),
  buildProviderProduct({ code: 'TGT-US', brand: 'Target', minValueMinor: 2500, maxValueMinor: 10_000 }),
  buildProviderProduct({
    code: 'NFX-US',
    brand: 'Netflix',
    category: 'Entertainment',
    minValueMinor: 2500,
    maxValueMinor: 10_000,
    denominationsMinor: [2500, 5000, 10_000],
  }),
  buildProviderProduct({
    code: 'APL-US',
    brand: 'Apple',
    name: 'App Store & iTunes Card',
    category: 'Entertainment',
    minValueMinor: 200,
    maxValueMinor: 50_000,
  }),
  buildProviderProduct({
    code: 'SBX-US',
    brand: 'Starbucks',
    category: 'Food & Beverage',
    minValueMinor: 500,
    maxValueMinor: 50_000,
  }),
  buildProviderProduct({
    code: 'PCT-US',
    brand: 'Pure',
    name: '100% Pure Gift Card',
    minValueMinor: 1000,
    maxValueMinor: 2500,
  }),
  buildProviderProduct({
    code: 'UND-US',
    brand: 'Under',
    name: 'Under_score Outfitters',
    minValueMinor: 1000,
    maxValueMinor: 2500,
  }),
  buildProviderProduct({
    code: 'NERO-UK',
    brand: 'Caffè Nero',
    country: 'UK',
    currency: 'GBP',
    category: 'Food & Beverage',
    minValueMinor: 500,
    maxValueMinor: 10_000,
  }),
  buildProviderProduct({
    code: 'TESCO-UK',
    brand: 'Tesco',
    country: 'UK',
    currency: 'GBP',
    minValueMinor: 500,
    maxValueMinor: 50_000,
  }),
  buildProviderProduct({
    code: 'AMZ-UK',
    brand: 'Amazon',
    name: 'Amazon.co.uk Gift Card',
    country: 'UK',
    currency: 'GBP',
    minValueMinor: 100,
    maxValueMinor: 200_000,
  }),
  buildProviderProduct({
    code: 'TIM-CA',
    brand: 'Tim Hortons',
    country: 'CA',
    currency: 'CAD',
    category: 'Food & Beverage',
    minValueMinor: 500,
    maxValueMinor: 10_000,
  }),
  buildProviderProduct({
    code: 'CTR-CA',
    brand: 'Canadian Tire',
    country: 'CA',
    currency: 'CAD',
    minValueMinor: 1000,
    maxValueMinor: 100_000,
  }),
  buildProviderProduct({
    code: 'UNQ-JP',
    brand: 'UNIQLO',
    country: 'JP',
    currency: 'JPY',
    minValueMinor: 1000,
    maxValueMinor: 30_000,
  }),
  buildProviderProduct({
    code: 'NIN-JP',
    brand: 'Nintendo',
    country: 'JP',
    currency: 'JPY',
    category: 'Entertainment',
    minValueMinor: 1000,
    maxValueMinor: 9000,
    denominationsMinor: [1000, 3000, 5000, 9000],
  }),
  buildProviderProduct({
    code: 'ALS-KW',
    brand: 'Alshaya',
    country: 'KW',
    currency: 'KWD',
    minValueMinor: 5000,
    maxValueMinor: 100_000,
  }),
  buildProviderProduct({
    code: 'VISA-US',
    brand: 'Visa',
    name: 'Visa Prepaid Card',
    category: 'Prepaid Cards',
    payoutType: 'prepaid_card',
    minValueMinor: 500,
    maxValueMinor: 200_000,
  }),
];

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

interface Listed {
  code: string;
  name: string;
  brand: string;
  currency: string;
  minValue: number;
  maxValue: number;
}

/** Every page of a listing, following next_cursor. */
async function listAll(query: string, pageSize: number): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await get(`/api/v1/products?${query}&limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.products.length).toBeLessThanOrEqual(pageSize);
    all.push(...body.products);
    cursor = body.next_cursor;
    if (!cursor) return all;
  }
  throw new Error('the listing never ended');
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

type Query = Partial<Record<'country' | 'currency' | 'category' | 'minValue' | 'maxValue' | 'q', string>>;

/** What the listing should hold, worked out the plain way. */
function expected(query: Query): string[] {
  return FIXTURE.filter((p) => {
    if (query.country && p.country !== query.country) return false;
    if (query.currency && p.currency !== query.currency) return false;
    if (query.category && p.category !== query.category) return false;
    if (query.minValue && p.maxValueMinor < (parseMajor(query.minValue, p.currency, 'up') ?? 0)) return false;
    if (query.maxValue && p.minValueMinor > (parseMajor(query.maxValue, p.currency, 'down') ?? 0)) return false;
    if (query.q && !fold(`${p.brand} ${p.name}`).includes(fold(query.q))) return false;
    return true;
  })
    .map((p) => p.code)
    .sort();
}

/** Filters of every combination, with value bounds at and either side of the products' limits. */
function filtersArbitrary(): fc.Arbitrary<Query> {
  // Bounds right at, and a hair either side of, the products' own limits, and anything else.
  const edges = FIXTURE.flatMap((p) => [p.minValueMinor, p.maxValueMinor]).flatMap((minor) =>
    [minor - 1, minor, minor + 1].filter((m) => m >= 0).map((m) => (m / 100).toFixed(2)),
  );
  const decimal = fc.oneof(
    fc.constantFrom(...edges),
    fc
      .tuple(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom('', '.5', '.01', '.005', '.999'))
      .map(([whole, fraction]) => `${whole}${fraction}`),
  );
  return fc
    .record({
      // Each filter is left out now and then (one time in `freq`), so all combinations occur.
      country: fc.option(fc.constantFrom('US', 'UK', 'CA', 'JP', 'KW', 'FR'), { nil: undefined, freq: 3 }),
      currency: fc.option(fc.constantFrom('USD', 'GBP', 'CAD', 'JPY', 'KWD', 'EUR'), { nil: undefined, freq: 3 }),
      category: fc.option(fc.constantFrom('Retail', 'Food & Beverage', 'Entertainment', 'Prepaid Cards'), {
        nil: undefined,
        freq: 3,
      }),
      minValue: fc.option(decimal, { nil: undefined, freq: 2 }),
      maxValue: fc.option(decimal, { nil: undefined, freq: 2 }),
      q: fc.option(fc.constantFrom('amazon', 'AMAZON', 'gift', 'caffe', 'card', 'o', 'x', '%', '_'), {
        nil: undefined,
        freq: 4,
      }),
    })
    .filter((q) => !(q.minValue && q.maxValue && Number(q.minValue) > Number(q.maxValue)));
}

const toQueryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)).toString();

beforeAll(async () => {
  t = await createTestApp();
  sandboxOf(t.app.giftCards).setCatalog(FIXTURE);
  await t.app.catalogSync.run();
});
afterAll(() => t.close());

describe(`GET /api/v1/products: filters (${TEST_DB})`, () => {
  it('matches a plain reading of the filters, whatever their combination, across pages', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), fc.integer({ min: 1, max: 7 }), async (query, pageSize) => {
        const listed = await listAll(toQueryString(query), pageSize);
        const codes = listed.map((p) => p.code);
        expect(new Set(codes).size).toBe(codes.length);
        expect([...codes].sort()).toEqual(expected(query));
      }),
      { numRuns: 300 },
    );
  });

  it('lists in name order, case-insensitively', async () => {
    const names = (await listAll('country=US', 100)).map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('100% pure gift card');
  });

  it('sorts by value: the lowest starting value first, in each currency’s major unit, every product once', async () => {
    const byName = await listAll('country=US', 100);
    const byValue = await listAll('country=US&sort=value', 2);
    expect(byValue.map((p) => p.code).sort()).toEqual(byName.map((p) => p.code).sort());
    const starts = byValue.map((p) => p.minValue);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(byValue[0]?.code).toBe('AMZ-US');
    // Equal values fall back to name order.
    const tied = byValue.filter((p) => p.minValue === 10).map((p) => p.name.toLowerCase());
    expect(tied).toEqual([...tied].sort());
  });

  it('sorts by popular: the brands most ordered in the last 30 days first (live orders before sandbox ones), then by name', async () => {
    const day = (daysAgo: number) => sql<Date>`current_date - ${sql.lit(daysAgo)}::integer`;
    const stats = (brand: string, orders: number, daysAgo: number, status = 'completed', sandbox = true) => ({
      organisation_id: randomUUID(),
      sandbox,
      day: day(daysAgo),
      status,
      brand,
      category: 'Retail',
      country: 'US',
      orders,
      rewards: orders,
      charged_total_minor: 0,
      charged_fee_minor: 0,
      rewards_claimed: 0,
    });
    await t.app.db
      .insertInto('order_stats_daily_dims')
      .values([
        stats('Target', 5, 1),
        stats('Target', 4, 3),
        stats('Starbucks', 7, 0),
        // Failed orders and orders older than the window do not count.
        stats('Netflix', 50, 2, 'failed'),
        stats('Apple', 90, 45),
        // One live (real) order ranks above any number of sandbox tests.
        stats('Amazon', 1, 2, 'completed', false),
      ] as never)
      .execute();
    const popular = await listAll('country=US&sort=popular', 3);
    expect(popular.slice(0, 3).map((p) => p.brand)).toEqual(['Amazon', 'Target', 'Starbucks']);
    const rest = popular.slice(3).map((p) => p.name.toLowerCase());
    expect(rest).toEqual([...rest].sort());
    expect(popular).toHaveLength((await listAll('country=US', 100)).length);
  });

  it('the page’s view: country, currency and category chosen', async () => {
    const res = await get('/api/v1/products?country=US&currency=USD&category=Retail');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(body.next_cursor).toBeNull();
    expect(body.products.map((p: Listed) => p.code)).toEqual(['PCT-US', 'AMZ-US', 'TGT-US', 'UND-US']);
    expect(body.products[1]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: 'AMZ-US',
      name: 'Amazon.com Gift Card',
      brand: 'Amazon',
      country: 'US',
      currency: 'USD',
      minValue: 1,
      maxValue: 2000,
      denominations: null,
      payoutType: 'gift_card',
      category: 'Retail',
      logoUrl: '/api/v1/products/AMZ-US/logo.svg',
      description: 'Amazon for testing.',
      redemptionInstructions: 'Enter the code at checkout.',
      terms: 'Test terms.',
      available: true,
    });
  });

  it('shows amounts in the major unit of each currency', async () => {
    const byCode = async (code: string) => (await get(`/api/v1/products/${code}`)).json().product;
    expect(await byCode('NFX-US')).toMatchObject({ minValue: 25, maxValue: 100, denominations: [25, 50, 100] });
    expect(await byCode('NIN-JP')).toMatchObject({
      minValue: 1000,
      maxValue: 9000,
      denominations: [1000, 3000, 5000, 9000],
    });
    expect(await byCode('ALS-KW')).toMatchObject({ minValue: 5, maxValue: 100 });
  });

  it('a value range matches products whose range overlaps it, bounds included', async () => {
    const codes = async (query: string) =>
      (await get(`/api/v1/products?country=US&category=Retail&${query}`)).json().products.map((p: Listed) => p.code);
    // Target sells 25 to 100.
    expect(await codes('minValue=100')).toContain('TGT-US');
    expect(await codes('minValue=100.01')).not.toContain('TGT-US');
    expect(await codes('maxValue=25')).toContain('TGT-US');
    expect(await codes('maxValue=24.99')).not.toContain('TGT-US');
    expect(await codes('minValue=40&maxValue=60')).toContain('TGT-US');
    // 100% Pure sells 10 to 25: entirely below.
    expect(await codes('minValue=30&maxValue=60')).not.toContain('PCT-US');
  });

  it('without a currency, compares each product in its own currency', async () => {
    const res = await get('/api/v1/products?minValue=20000');
    const codes = res.json().products.map((p: Listed) => p.code);
    // 20,000 yen is within UNIQLO's 1,000–30,000; no dollar card reaches 20,000 dollars.
    expect(codes).toEqual(['UNQ-JP']);
  });

  it('searches brand and name, ignoring case and accents', async () => {
    const search = async (q: string) =>
      (await get(`/api/v1/products?q=${encodeURIComponent(q)}`))
        .json()
        .products.map((p: Listed) => p.code)
        .sort();
    expect(await search('AMAZON')).toEqual(['AMZ-UK', 'AMZ-US']);
    expect(await search('apple')).toEqual(['APL-US']); // the brand; the name says "App Store"
    expect(await search('caffe')).toEqual(['NERO-UK']);
    expect(await search('CAFFÈ')).toEqual(['NERO-UK']);
    expect(await search('%')).toEqual(['PCT-US']);
    expect(await search('_')).toEqual(['UND-US']);
    expect(await search('  amazon.co.uk ')).toEqual(['AMZ-UK']);
    expect(await search('no such brand')).toEqual([]);
  });

  it('accepts parameters as people type them: lower case, GB for the United Kingdom, empty ones ignored', async () => {
    const codes = async (query: string) => {
      const res = await get(`/api/v1/products?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .products.map((p: Listed) => p.code)
        .sort();
    };
    expect(await codes('country=gb&currency=gbp')).toEqual(['AMZ-UK', 'NERO-UK', 'TESCO-UK']);
    expect(await codes('country=UK&minValue=&q=')).toEqual(['AMZ-UK', 'NERO-UK', 'TESCO-UK']);
  });

  it('an unknown category is no match, not an error', async () => {
    const res = await get('/api/v1/products?category=Garden');
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toEqual([]);
  });
});

const BAD_PARAMETERS: [query: string, field: string, message: string][] = [
  ['currency=US$', 'currency', 'must be an ISO 4217 currency code'],
  ['currency=XYZ', 'currency', 'must be an ISO 4217 currency code'],
  ['currency=DOLLARS', 'currency', 'must be an ISO 4217 currency code'],
  ['country=ZZ', 'country', 'must be a country code'],
  ['country=USA', 'country', 'must be a country code'],
  ['minValue=-5', 'minValue', 'must be an amount such as 25'],
  ['maxValue=-0.01', 'maxValue', 'must be an amount such as 25'],
  ['minValue=abc', 'minValue', 'must be an amount such as 25'],
  ['maxValue=1e3', 'maxValue', 'must be an amount such as 25'],
  ['minValue=NaN', 'minValue', 'must be an amount such as 25'],
  ['minValue=10.5555', 'minValue', 'must be an amount such as 25'],
  ['minValue=1000000000000000', 'minValue', 'must be an amount such as 25'],
  ['minValue=500&maxValue=100', 'minValue', 'must not be greater than maxValue'],
  [`q=${'a'.repeat(101)}`, 'q', 'must be at most 100 characters'],
  [`category=${'a'.repeat(51)}`, 'category', 'must be at most 50 characters'],
  ['limit=0', 'limit', 'must be a whole number from 1 to 100'],
  ['limit=101', 'limit', 'must be a whole number from 1 to 100'],
  ['limit=ten', 'limit', 'must be a whole number from 1 to 100'],
  ['cursor=not-a-cursor', 'cursor', 'is not a cursor from this API'],
  [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor', 'is not a cursor from this API'],
  ['country=US&country=CA', 'country', ''],
  ['sort=price', 'sort', 'must be one of name, popular, value'],
  ['sort=NAME', 'sort', 'must be one of name, popular, value'],
  ['sort=name%00', 'sort', 'must be one of name, popular, value'],
  // An order's cursor is only good for that order, and only for pages it could give.
  [`sort=value&cursor=${Buffer.from('["popular",2]').toString('base64url')}`, 'cursor', 'is not a cursor'],
  [`sort=value&cursor=${Buffer.from('["value",-1]').toString('base64url')}`, 'cursor', 'is not a cursor'],
  [`sort=value&cursor=${Buffer.from('["value",1e9]').toString('base64url')}`, 'cursor', 'is not a cursor'],
  [`sort=value&cursor=${Buffer.from('["value",2.5]').toString('base64url')}`, 'cursor', 'is not a cursor'],
  [`sort=popular&cursor=${Buffer.from('["amazon","AMZ-US"]').toString('base64url')}`, 'cursor', 'is not a cursor'],
  [`cursor=${Buffer.from('["value",2]').toString('base64url')}`, 'cursor', 'is not a cursor'],
];

describe(`GET /api/v1/products: bad parameters answer 400 naming the field (${TEST_DB})`, () => {
  it.each(BAD_PARAMETERS)('%s', async (query, field, message) => {
    const res = await get(`/api/v1/products?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.error).toMatch(new RegExp(`^query\\.${field}: .*${message.replace(/[$.]/g, '\\$&')}`));
  });

  it('a query of exactly 100 characters is fine', async () => {
    expect((await get(`/api/v1/products?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('the same URL again is the same answer, from memory; a refused URL is refused every time', async () => {
    const url = '/api/v1/products?country=US&limit=3&sort=name';
    const first = await get(url);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    // Each answer is its own request: its own id and the security headers.
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['content-security-policy']).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const bad = await get('/api/v1/products?country=US&limit=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

interface Facets {
  countries: { code: string; count: number }[];
  currencies: { code: string; count: number }[];
  categories: { name: string; count: number }[];
  totals: { products: number };
}

async function facetsFor(query: Query): Promise<Facets> {
  const res = await get(`/api/v1/catalog/facets?${toQueryString(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Each option of a facet with its count worked out the plain way: every filter but the facet's own. */
function expectedCounts(query: Query, facet: 'country' | 'currency' | 'category'): Record<string, number> {
  const options = [...new Set(FIXTURE.map((p) => p[facet]))];
  return Object.fromEntries(options.map((option) => [option, expected({ ...query, [facet]: option }).length]));
}

const byValue = (options: { code?: string; name?: string; count: number }[]) =>
  Object.fromEntries(options.map((o) => [o.code ?? o.name, o.count]));

describe(`GET /api/v1/catalog/facets: counts under the other filters (${TEST_DB})`, () => {
  it('counts each option under every other filter, search and value range included, not its own', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), async (query) => {
        const facets = await facetsFor(query);
        expect(byValue(facets.countries), 'countries').toEqual(expectedCounts(query, 'country'));
        expect(byValue(facets.currencies), 'currencies').toEqual(expectedCounts(query, 'currency'));
        expect(byValue(facets.categories), 'categories').toEqual(expectedCounts(query, 'category'));
        // The totals stay those of the whole catalogue.
        expect(facets.totals.products).toBe(FIXTURE.length);
      }),
      { numRuns: 150 },
    );
  });

  it('a search and a value range change the counts, and each option the listing would give', async () => {
    const all = await facetsFor({});
    const amazon = await facetsFor({ q: 'amazon' });
    expect(byValue(amazon.countries)).toMatchObject({ US: 1, UK: 1, CA: 0, JP: 0 });
    expect(byValue(amazon.categories)).toMatchObject({ Retail: 2, Entertainment: 0 });
    // Every option stays listed, 0 or not.
    expect(amazon.countries.map((c) => c.code)).toEqual(all.countries.map((c) => c.code));
    const high = await facetsFor({ minValue: '1000', country: 'US' });
    expect(byValue(high.categories)).toEqual(expectedCounts({ minValue: '1000', country: 'US' }, 'category'));
    expect(byValue(high.categories)).not.toEqual(byValue((await facetsFor({ country: 'US' })).categories));
    const low = await facetsFor({ maxValue: '5' });
    expect(byValue(low.countries)).toMatchObject({ US: expected({ maxValue: '5', country: 'US' }).length, JP: 0 });
    // The search is folded before it is counted (and cached): accents and case do not matter.
    expect(await facetsFor({ q: 'CAFFÈ' })).toEqual(await facetsFor({ q: 'caffe' }));
  });

  it('treats LIKE’s wildcards in a search as the characters themselves', async () => {
    expect(byValue((await facetsFor({ q: '%' })).countries)).toMatchObject({ US: 1, UK: 0 });
    expect(byValue((await facetsFor({ q: '_' })).countries)).toMatchObject({ US: 1, UK: 0 });
  });

  const FILTER_FIELDS = new Set(['country', 'currency', 'category', 'minValue', 'maxValue', 'q']);
  it.each(BAD_PARAMETERS.filter(([, field]) => FILTER_FIELDS.has(field)))(
    'refuses %s with 400 naming the field, as the listing does',
    async (query, field, message) => {
      const res = await get(`/api/v1/catalog/facets?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.error).toMatch(new RegExp(`^query\\.${field}: .*${message.replace(/[$.]/g, '\\$&')}`));
    },
  );
});

describe(`GET /api/v1/products/:code and its logo (${TEST_DB})`, () => {
  it('answers one product, and 404 for an unknown code', async () => {
    const res = await get('/api/v1/products/TGT-US');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, product: { code: 'TGT-US', brand: 'Target', minValue: 25 } });
    const missing = await get('/api/v1/products/NOPE-US');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      code: 'NOT_FOUND',
      error: 'Product not found',
    });
  });

  it('serves the logo as SVG with a validator, and 304 when unchanged', async () => {
    const res = await get('/api/v1/products/TGT-US/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg /);
    const again = await t.app.inject({
      url: '/api/v1/products/TGT-US/logo.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/v1/products/NOPE-US/logo.svg')).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/products',
        '/api/v1/products/{code}',
        '/api/v1/products/{code}/logo.svg',
        '/api/v1/catalog/facets',
      ]),
    );
    const params = doc.paths['/api/v1/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(['country', 'currency', 'category', 'minValue', 'maxValue', 'q', 'sort', 'cursor', 'limit']);
    const facetParams = doc.paths['/api/v1/catalog/facets'].get.parameters.map((p: { name: string }) => p.name);
    expect(facetParams).toEqual(['country', 'currency', 'category', 'minValue', 'maxValue', 'q']);
  });
});
