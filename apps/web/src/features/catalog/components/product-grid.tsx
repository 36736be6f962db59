import type { Product } from '@giftrelay/contracts';
import type { AriaAttributes } from 'react';
import { cn } from '@/lib/utils';
import { ProductCard } from './product-card';

interface ProductGridProps extends Pick<AriaAttributes, 'aria-label' | 'aria-labelledby'> {
  products: Product[];
  selectedCode: string | undefined;
  onSend?: (product: Product) => void;
  onDetails: (product: Product) => void;
  className?: string;
}

/** Product cards in the catalogue's grid: the listing's and the popular cards'. */
export function ProductGrid({ products, selectedCode, onSend, onDetails, className, ...label }: ProductGridProps) {
  return (
    <ul {...label} className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {products.map((product) => (
        <ProductCard
          key={product.code}
          product={product}
          isSelected={product.code === selectedCode}
          onSend={onSend}
          onDetails={onDetails}
        />
      ))}
    </ul>
  );
}
