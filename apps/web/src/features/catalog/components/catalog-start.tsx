import type { CatalogFacets, Product } from '@giftrelay/contracts';
import { Button } from '@/components/ui/button';
import { usePopularProducts } from '../api/get-popular-products';
import { ProductGrid } from './product-grid';

interface CatalogStartProps {
  facets: CatalogFacets | undefined;
  onPickCountry: (country: string) => void;
  selectedCode: string | undefined;
  onSend?: (product: Product) => void;
  onDetails: (product: Product) => void;
}

/**
 * With nothing chosen yet: the spec's prompt, popular cards to send at once, and every country
 * the catalogue has as a one-click filter (the one with the most cards first).
 */
export function CatalogStart({ facets, onPickCountry, selectedCode, onSend, onDetails }: CatalogStartProps) {
  const countries = [...(facets?.countries ?? [])]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en'));
  const popular = usePopularProducts(facets ? (countries[0]?.code ?? '') : undefined);
  return (
    <div className="mt-6 grid gap-8">
      <p className="rounded-xl border border-dashed p-4 text-center text-muted-foreground">
        Select filters to view brands
      </p>
      {popular.data && popular.data.length > 0 && (
        <section aria-labelledby="popular-cards" className="grid gap-3">
          <h2 id="popular-cards" className="font-semibold text-lg">
            Popular gift cards
          </h2>
          <ProductGrid
            aria-labelledby="popular-cards"
            products={popular.data}
            selectedCode={selectedCode}
            onSend={onSend}
            onDetails={onDetails}
          />
        </section>
      )}
      {countries.length > 0 && (
        <section aria-labelledby="browse-by-country" className="grid gap-3">
          <h2 id="browse-by-country" className="font-semibold text-lg">
            Browse by country
          </h2>
          <ul className="flex flex-wrap gap-2">
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
