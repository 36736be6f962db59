import { describe, expect, it } from 'vitest';
import { parseCatalogStats } from './get-catalog-stats';

describe('parseCatalogStats', () => {
  it("reads the facets' totals and categories", () => {
    expect(
      parseCatalogStats({
        success: true,
        countries: [],
        currencies: [],
        categories: [
          { name: 'Retail', count: 12 },
          { name: '', count: 1 },
          { name: 'Dining', count: -1 },
        ],
        totals: { products: 120, brands: 64, countries: 3 },
      }),
    ).toEqual({ products: 120, brands: 64, countries: 3, categories: [{ name: 'Retail', count: 12 }] });
  });

  it.each([
    null,
    {},
    { totals: { products: '120', brands: 1, countries: 1 } },
    { totals: { products: 1.5, brands: 1, countries: 1 } },
  ])('refuses %j rather than show a number that is not the catalogue’s', (body) =>
    expect(() => parseCatalogStats(body)).toThrow(),
  );
});
