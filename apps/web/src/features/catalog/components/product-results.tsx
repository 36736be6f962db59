import { PRODUCT_SORTS, type Product, type ProductSort } from '@giftrelay/contracts';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { useProducts } from '../api/get-products';
import type { CatalogFilters } from '../utils/filters';
import { ProductGrid } from './product-grid';

interface ProductResultsProps {
  filters: CatalogFilters;
  selectedCode: string | undefined;
  onSend?: (product: Product) => void;
  onDetails: (product: Product) => void;
  onSortChange: (sort: ProductSort) => void;
}

/** The listing and its states: loading, failed, empty, or the cards (shown once a filter is set). */
export function ProductResults({ filters, selectedCode, onSend, onDetails, onSortChange }: ProductResultsProps) {
  const query = useProducts(filters);
  const { error, errorUpdatedAt } = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, which errorUpdatedAt marks.
  useEffect(() => {
    if (error) toast.error('Error', { description: error.message || 'Failed to fetch products' });
  }, [errorUpdatedAt]);

  if (query.isPending) {
    return (
      <Notice role="status">
        <Loader2 aria-hidden className="size-5 animate-spin" />
        Loading products...
      </Notice>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Notice role="alert">
        <span>Error loading products</span>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  const products = query.data.pages.flatMap((page) => page.products);
  if (products.length === 0) return <Notice>No products found</Notice>;

  return (
    <div aria-busy={query.isPlaceholderData || query.isFetchingNextPage} className="mt-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {products.length === 1 ? '1 product' : `${products.length} products`}
          {query.hasNextPage ? ' so far' : ''}
        </p>
        <SortSelect value={filters.sort} onChange={onSortChange} />
      </div>
      <ProductGrid
        aria-label="Products"
        className={cn(query.isPlaceholderData && 'opacity-60')}
        products={products}
        selectedCode={selectedCode}
        onSend={onSend}
        onDetails={onDetails}
      />
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

function Notice({ children, role }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div
      role={role}
      className="mt-6 flex min-h-40 flex-col items-center justify-center gap-3 rounded-xl border border-dashed p-8 text-center text-muted-foreground sm:flex-row"
    >
      {children}
    </div>
  );
}

const SORT_LABELS: Record<ProductSort, string> = { name: 'Name', popular: 'Popular', value: 'Value' };

function SortSelect({ value, onChange }: { value: string | undefined; onChange: (sort: ProductSort) => void }) {
  const labelId = useId();
  const current = PRODUCT_SORTS.find((s) => s === value) ?? 'name';
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm text-muted-foreground">
        Sort by
      </span>
      <Select value={current} onValueChange={(next) => onChange(next as ProductSort)}>
        <SelectTrigger aria-labelledby={labelId} className="h-9 w-32">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PRODUCT_SORTS.map((sort) => (
            <SelectItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
