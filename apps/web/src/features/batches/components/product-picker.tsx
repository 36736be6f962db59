import type { Product } from '@giftrelay/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatMajor } from '@/lib/format';
import { useProductSearch } from '@/lib/product-search';
import { cn } from '@/lib/utils';

/** The product's values as the send dialog's rule reads them: "$5.00 to $500.00", or its fixed values. */
export function productValues(p: Pick<Product, 'currency' | 'minValue' | 'maxValue' | 'denominations'>): string {
  if (p.denominations?.length) return p.denominations.map((v) => formatMajor(v, p.currency)).join(', ');
  if (p.minValue === p.maxValue) return formatMajor(p.minValue, p.currency);
  return `${formatMajor(p.minValue, p.currency)} to ${formatMajor(p.maxValue, p.currency)}`;
}

/**
 * The reward for every row without a product code: a search over the catalogue, most sent
 * first, as radio buttons (one choice; choice sets, issue 32, will join them here).
 */
export function ProductPicker({
  value,
  onChange,
}: {
  value: Product | null;
  onChange: (product: Product | null) => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = useProductSearch(useDeferredValue(q));
  const found = search.data ?? [];
  // The chosen product stays on the list while another search is shown.
  const shown = value && !found.some((p) => p.code === value.code) ? [value, ...found] : found;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Reward</legend>
      <p className="text-sm text-muted-foreground">
        Every row gets this reward, so your file needs only emails and amounts. A row with its own product code sends
        that product instead.
      </p>
      <div className="grid max-w-md gap-1">
        <label htmlFor={`${id}-q`} className="text-sm">
          Search rewards
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
        <Spinner label="Loading rewards" />
      ) : search.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The rewards could not be loaded: {search.error.message}
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2" aria-busy={search.isFetching}>
          {shown.length === 0 ? <p className="text-sm text-muted-foreground">No reward matches “{q}”.</p> : null}
          {shown.map((p) => {
            const checked = value?.code === p.code;
            return (
              <label
                key={p.code}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm',
                  checked && 'border-primary ring-1 ring-primary',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-product`}
                  className="mt-1"
                  checked={checked}
                  onChange={() => onChange(p)}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-medium">{p.name}</span>
                  <span className="text-muted-foreground">
                    {p.code} · {productValues(p)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {value ? (
        <div>
          <button type="button" className="text-sm underline underline-offset-4" onClick={() => onChange(null)}>
            No default reward: every row names its product code
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
