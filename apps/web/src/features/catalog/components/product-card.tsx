import { PAYOUT_TYPE_LABELS, type Product } from '@giftrelay/contracts';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatAmount, formatRange } from '../utils/format';
import { ProductLogo } from './product-logo';

interface ProductCardProps {
  product: Product;
  isSelected: boolean;
  /** Absent where the person may not send (a viewer): no Send button. */
  onSend?: (product: Product) => void;
  onDetails: (product: Product) => void;
}

export function ProductCard({ product, isSelected, onSend, onDetails }: ProductCardProps) {
  const titleId = `product-${product.code}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={cn(
          'flex h-full flex-col gap-4 rounded-xl border bg-card p-4 transition-shadow',
          isSelected ? 'border-primary ring-2 ring-primary' : 'hover:shadow-md',
        )}
      >
        <div className="flex items-start gap-3">
          <ProductLogo name={product.name} logoUrl={product.logoUrl} />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-semibold leading-tight">
              {product.name}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{formatRange(product)}</p>
          </div>
        </div>
        {product.denominations && (
          <p className="text-xs text-muted-foreground">
            Fixed values: {product.denominations.map((d) => formatAmount(d, product.currency)).join(', ')}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2">
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
            {PAYOUT_TYPE_LABELS[product.payoutType]}
          </span>
          <div className="flex gap-2">
            <Button size="sm" variant="ghost" aria-describedby={titleId} onClick={() => onDetails(product)}>
              Details
            </Button>
            {onSend && (
              <Button
                size="sm"
                variant={isSelected ? 'secondary' : 'default'}
                aria-describedby={titleId}
                onClick={() => onSend(product)}
              >
                {isSelected && <Check aria-hidden className="size-4" />}
                Send
              </Button>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
