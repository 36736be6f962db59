import { CHOICE_PRODUCTS_MAX } from '@giftrelay/contracts';
import { X } from 'lucide-react';
import { useId } from 'react';
import { ProductSearch } from '@/components/products/product-search';
import { Button } from '@/components/ui/button';

/** A product in the set: its name once known (a saved set names its products by code only). */
export interface PickedProduct {
  code: string;
  name?: string;
}

/** The set's products: a search over the catalogue, each result a checkbox, the chosen ones listed above it. */
export function ProductMultiPicker({
  value,
  onChange,
  error,
}: {
  value: PickedProduct[];
  onChange: (products: PickedProduct[]) => void;
  error?: string;
}) {
  const id = useId();
  const isPicked = (code: string) => value.some((p) => p.code === code);
  const isFull = value.length >= CHOICE_PRODUCTS_MAX;
  const toggle = (product: PickedProduct) =>
    onChange(isPicked(product.code) ? value.filter((p) => p.code !== product.code) : [...value, product]);
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Cards the recipient may choose from</legend>
      {value.length ? (
        <ul aria-label="Chosen cards" className="flex flex-wrap gap-2">
          {value.map((p) => (
            <li key={p.code} className="flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-sm">
              <span className="break-all">{p.name ?? p.code}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove ${p.name ?? p.code}`}
                onClick={() => toggle(p)}
              >
                <X aria-hidden className="size-3.5" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No cards yet: search below and tick the ones to offer.</p>
      )}
      <ProductSearch
        noun={['card', 'cards']}
        multiple
        isChecked={(p) => isPicked(p.code)}
        isDisabled={(p) => !isPicked(p.code) && isFull}
        onToggle={(p) => toggle({ code: p.code, name: p.name })}
      />
      {isFull && <p className="text-xs text-muted-foreground">A set holds at most {CHOICE_PRODUCTS_MAX} cards.</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
