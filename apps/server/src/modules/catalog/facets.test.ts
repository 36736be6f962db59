import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

// The default sandbox catalogue, as a fresh install has it.
let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function count(query: string): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const res = await get(`/api/v1/products?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const body = res.json();
    total += body.products.length;
    cursor = body.next_cursor;
  } while (cursor);
  return total;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`the sandbox catalogue on a fresh install (${TEST_DB})`, () => {
  it('is listed at once: the first sync ran during start', async () => {
    const res = await get('/api/v1/products?country=US&currency=USD&category=Retail');
    const names = res.json().products.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Amazon.com Gift Card', 'Target Gift Card', 'Walmart Gift Card']));
    const runs = await t.database.db.selectFrom('catalog_sync_runs').selectAll().execute();
    expect(runs[0]).toMatchObject({ trigger: 'start', status: 'succeeded', retired: 0 });
    expect(runs[0]?.added).toBeGreaterThan(100);
  });
});

describe(`GET /api/v1/catalog/facets (${TEST_DB})`, () => {
  it('lists the spec’s countries, currencies and categories among those on offer, with counts that match listings', async () => {
    const res = await get('/api/v1/catalog/facets');
    expect(res.statusCode).toBe(200);
    const facets = res.json();
    expect(facets.success).toBe(true);
    expect(facets.sandbox).toBe(true);
    expect(facets.countries).toEqual(
      expect.arrayContaining([
        { code: 'US', name: 'United States', count: expect.any(Number) },
        { code: 'UK', name: 'United Kingdom', count: expect.any(Number) },
        { code: 'CA', name: 'Canada', count: expect.any(Number) },
      ]),
    );
    expect(facets.currencies.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['USD', 'GBP', 'CAD']),
    );
    expect(facets.categories.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Retail', 'Food & Beverage', 'Entertainment']),
    );
    for (const c of facets.countries.filter((x: { code: string }) => ['US', 'UK', 'JP'].includes(x.code))) {
      expect(c.count, c.code).toBe(await count(`country=${c.code}`));
    }
    for (const c of facets.categories.slice(0, 3)) {
      expect(c.count, c.name).toBe(await count(`category=${encodeURIComponent(c.name)}`));
    }
    const sum = (list: { count: number }[]) => list.reduce((s, x) => s + x.count, 0);
    expect(sum(facets.countries)).toBe(facets.totals.products);
    expect(sum(facets.currencies)).toBe(facets.totals.products);
    expect(facets.totals.products).toBe(await count(''));
    expect(facets.totals.countries).toBe(facets.countries.length);
    expect(facets.totals.brands).toBeGreaterThan(50);
    // Sorted for people: countries and categories by name, currencies by code.
    const names = facets.countries.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('with filters, counts each option under the other filters and still lists every option', async () => {
    const all = (await get('/api/v1/catalog/facets')).json();
    const us = (await get('/api/v1/catalog/facets?country=US&category=Retail')).json();
    // Countries are counted under Retail only, and every country stays listed.
    expect(us.countries.map((c: { code: string }) => c.code)).toEqual(
      all.countries.map((c: { code: string }) => c.code),
    );
    expect(us.countries.find((c: { code: string }) => c.code === 'UK').count).toBe(
      await count('country=UK&category=Retail'),
    );
    // Currencies under US Retail: only dollars, the others listed with 0.
    const usd = us.currencies.find((c: { code: string }) => c.code === 'USD');
    expect(usd.count).toBe(await count('country=US&category=Retail'));
    expect(us.currencies.find((c: { code: string }) => c.code === 'GBP').count).toBe(0);
    // Totals describe the whole catalogue.
    expect(us.totals).toEqual(all.totals);
  });

  it('refuses bad filters like the listing does', async () => {
    const res = await get('/api/v1/catalog/facets?currency=DOLLAR');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: expect.stringMatching(/^query\.currency: /),
      details: [expect.objectContaining({ path: 'query.currency' })],
      request_id: expect.any(String),
    });
    // The listing refuses the same filter with the same answer, apart from its own request_id.
    const listing = await get('/api/v1/products?currency=DOLLAR');
    expect(listing.statusCode).toBe(400);
    const { request_id: _facetsId, ...facets } = res.json();
    const { request_id: _listingId, ...listed } = listing.json();
    expect(facets).toEqual(listed);
  });
});
