import type { CatalogFacets } from '@giftrelay/contracts';
import { Button } from '@/components/ui/button';
import type { CatalogFilters } from '../utils/filters';

/**
 * Brands people look for first. The catalogue has no order-based popularity yet (sales are each
 * organisation's own business), so this is a short editorial list; a search finds every brand.
 */
export const POPULAR_BRANDS = ['Amazon', 'Starbucks', 'Netflix', 'Target', 'Uber', 'Tesco'] as const;

const COUNTRY_PICKS = 6;

interface CatalogStartProps {
  facets: CatalogFacets | undefined;
  onPickCountry: (country: string) => void;
  onChange: (changes: Partial<CatalogFilters>) => void;
}

/** With nothing chosen yet: the spec's message, and a first click that lists something. */
export function CatalogStart({ facets, onPickCountry, onChange }: CatalogStartProps) {
  const countries = [...(facets?.countries ?? [])]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en'))
    .slice(0, COUNTRY_PICKS);
  return (
    <div className="mt-6 grid gap-6 rounded-xl border border-dashed p-8 text-center">
      <p className="text-muted-foreground">Select filters to view brands</p>
      <section aria-labelledby="popular-brands" className="grid gap-2">
        <h2 id="popular-brands" className="text-sm font-semibold">
          Popular brands
        </h2>
        <ul className="flex flex-wrap justify-center gap-2">
          {POPULAR_BRANDS.map((brand) => (
            <li key={brand}>
              <Button variant="outline" size="sm" onClick={() => onChange({ q: brand })}>
                {brand}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      {countries.length > 0 && (
        <section aria-labelledby="browse-by-country" className="grid gap-2">
          <h2 id="browse-by-country" className="text-sm font-semibold">
            Browse by country
          </h2>
          <ul className="flex flex-wrap justify-center gap-2">
            {countries.map((country) => (
              <li key={country.code}>
                <Button variant="outline" size="sm" onClick={() => onPickCountry(country.code)}>
                  {country.name}
                  <span className="text-muted-foreground" aria-hidden>
                    {country.count}
                  </span>
                  <span className="sr-only">, {country.count === 1 ? '1 product' : `${country.count} products`}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
