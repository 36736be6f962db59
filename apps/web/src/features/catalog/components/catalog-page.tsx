import type { Product } from '@giftrelay/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { useCatalogFacets } from '../api/get-catalog-facets';
import { useCatalogFilters } from '../hooks/use-catalog-filters';
import { countryChoice, hasAnyFilter } from '../utils/filters';
import { CatalogFilters } from './catalog-filters';
import { CatalogStart } from './catalog-start';
import { ProductDetails } from './product-details';
import { ProductResults } from './product-results';
import { SelectedProductBar } from './selected-product-bar';

interface CatalogPageProps {
  /** Opens the send dialog for a product, from a card's Send, its details, or the bar. */
  onSend?: (product: Product) => void;
  /** False for someone whose role may not send (a viewer): no Send buttons, and a note saying why. */
  canSend?: boolean;
  /** The product chosen with Send, kept by the page's owner so that a finished send clears it. */
  selected: Product | null;
  onClearSelection: () => void;
}

const count = new Intl.NumberFormat('en-US');

export function CatalogPage({ onSend, selected, onClearSelection, canSend = true }: CatalogPageProps) {
  const { filters, update, clear } = useCatalogFilters();
  const facets = useCatalogFacets(filters);
  const [details, setDetails] = useState<Product | null>(null);

  const send = (product: Product) => {
    setDetails(null);
    onSend?.(product);
  };
  const pickCountry = (country: string) => update(countryChoice(country, facets.data?.currencies));

  const totals = facets.data?.totals;
  // Signed in, the organisation's mode says whether its cards are play cards (decision 045).
  // Signed out, no Sandbox label and no bulk sending: a visitor has no organisation to send in bulk from, and the Sandbox
  // label is about an organisation's mode, which a visitor does not have (issue 35).
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const sandbox = isSignedIn && session.user.organisation.sandbox;
  return (
    <div>
      <PageHeading title="Catalog">
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-muted-foreground">
            {totals
              ? `${count.format(totals.products)} gift cards from ${count.format(totals.brands)} brands in ${count.format(totals.countries)} countries, delivered by email.`
              : 'Gift cards from the world’s favourite brands, delivered by email.'}
          </p>
          {isSignedIn && onSend && canSend ? (
            <Button asChild size="sm" variant="outline">
              <Link to="/orders/bulk">Send in bulk</Link>
            </Button>
          ) : null}
          {isSignedIn ? (
            <Button asChild size="sm" variant="outline">
              <Link to={paths.choiceSets}>Choice sets</Link>
            </Button>
          ) : null}
          {sandbox && (
            <span className="rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
              Sandbox
            </span>
          )}
        </div>
        {!canSend && (
          <p role="note" className="mt-3 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
            You can browse the catalogue, but your role cannot send rewards. Ask an owner or admin for the sender role.
          </p>
        )}
        <div className="mt-6">
          {facets.isError && !facets.data ? (
            <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm">
              The filter options could not be loaded.
              <Button variant="outline" size="sm" onClick={() => facets.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
          <CatalogFilters
            filters={filters}
            facets={facets.data}
            isLoadingFacets={facets.isPending}
            onChange={update}
            onClear={clear}
          />
          {hasAnyFilter(filters) ? (
            <ProductResults
              filters={filters}
              selectedCode={selected?.code}
              onSend={canSend ? send : undefined}
              onDetails={setDetails}
              // Name is the default order, so it leaves the URL as it was.
              onSortChange={(sort) => update({ sort: sort === 'name' ? undefined : sort })}
            />
          ) : (
            <CatalogStart
              facets={facets.data}
              onPickCountry={pickCountry}
              selectedCode={selected?.code}
              onSend={canSend ? send : undefined}
              onDetails={setDetails}
            />
          )}
        </div>
      </PageHeading>
      {selected && canSend && <SelectedProductBar product={selected} onConfigure={onSend} onClear={onClearSelection} />}
      <ProductDetails
        product={details}
        onOpenChange={(open) => !open && setDetails(null)}
        onSend={canSend ? send : undefined}
      />
    </div>
  );
}
