import type { Product } from '@giftrelay/contracts';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useProducts } from '../api/get-products';
import { type CatalogFilters, hasRequiredFilters } from '../utils/filters';
import { ProductCard } from './product-card';

interface ProductResultsProps {
  filters: CatalogFilters;
  selectedCode: string | undefined;
  onSend: (product: Product) => void;
}

/** The listing and its states: filters missing, loading, failed, empty, or the cards. */
export function ProductResults({ filters, selectedCode, onSend }: ProductResultsProps) {
  const isReady = hasRequiredFilters(filters);
  const query = useProducts(filters, { enabled: isReady });
  const { error, errorUpdatedAt } = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, which errorUpdatedAt marks.
  useEffect(() => {
    if (error) toast.error('Error', { description: error.message || 'Failed to fetch products' });
  }, [errorUpdatedAt]);

  if (!isReady) return <Notice>Select filters to view brands</Notice>;
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
      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        {products.length === 1 ? '1 product' : `${products.length} products`}
        {query.hasNextPage ? ' so far' : ''}
      </p>
      <ul
        aria-label="Products"
        className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', query.isPlaceholderData && 'opacity-60')}
      >
        {products.map((product) => (
          <ProductCard
            key={product.code}
            product={product}
            isSelected={product.code === selectedCode}
            onSend={onSend}
          />
        ))}
      </ul>
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
