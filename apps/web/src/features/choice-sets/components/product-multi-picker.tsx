import { CHOICE_PRODUCTS_MAX } from '@giftrelay/contracts';
import { X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatMajor } from '@/lib/format';
import { useProductSearch } from '@/lib/product-search';
import { cn } from '@/lib/utils';

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
  const [q, setQ] = useState('');
  const search = useProductSearch(useDeferredValue(q));
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
      <div className="grid gap-1">
        <label htmlFor={`${id}-q`} className="text-sm">
          Search cards
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          value={q}
          maxLength={100}
          placeholder="Amazon, Starbucks, Visa…"
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {search.isPending ? (
        <Spinner label="Loading cards" />
      ) : search.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The cards could not be loaded: {search.error.message}
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2" aria-busy={search.isFetching}>
          {search.data.length === 0 ? <p className="text-sm text-muted-foreground">No card matches “{q}”.</p> : null}
          {search.data.map((p) => {
            const checked = isPicked(p.code);
            return (
              <label
                key={p.code}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm',
                  checked && 'border-primary ring-1 ring-primary',
                )}
              >
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={checked}
                  disabled={!checked && isFull}
                  onChange={() => toggle({ code: p.code, name: p.name })}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-medium">{p.name}</span>
                  <span className="text-muted-foreground">
                    {p.code} · {formatMajor(p.minValue, p.currency)} to {formatMajor(p.maxValue, p.currency)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {isFull && <p className="text-xs text-muted-foreground">A set holds at most {CHOICE_PRODUCTS_MAX} cards.</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
