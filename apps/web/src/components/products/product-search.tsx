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
 * Products picked from a search over the catalogue, most sent first: one (radio buttons, a batch's
 * reward) or several (checkboxes, a choice set's cards). Two features pick products this way.
 */
export function ProductSearch({
  noun,
  multiple = false,
  pinned,
  isChecked,
  isDisabled,
  onToggle,
}: {
  /** What the products are called here, singular and plural: ['card', 'cards']. */
  noun: readonly [string, string];
  /** Checkboxes rather than radio buttons. */
  multiple?: boolean;
  /** A chosen product kept at the top while another search is shown. */
  pinned?: Product | null;
  isChecked: (product: Product) => boolean;
  isDisabled?: (product: Product) => boolean;
  onToggle: (product: Product) => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = useProductSearch(useDeferredValue(q));
  const [one, many] = noun;
  const found = search.data ?? [];
  const shown = pinned && !found.some((p) => p.code === pinned.code) ? [pinned, ...found] : found;
  return (
    <>
      <div className="grid max-w-md gap-1">
        <label htmlFor={`${id}-q`} className="text-sm">
          Search {many}
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
        <Spinner label={`Loading ${many}`} />
      ) : search.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The {many} could not be loaded: {search.error.message}
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2" aria-busy={search.isFetching}>
          {shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No {one} matches “{q}”.
            </p>
          ) : null}
          {shown.map((p) => {
            const checked = isChecked(p);
            return (
              <label
                key={p.code}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm',
                  checked && 'border-primary ring-1 ring-primary',
                )}
              >
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`${id}-product`}
                  className="mt-1"
                  checked={checked}
                  disabled={isDisabled?.(p)}
                  onChange={() => onToggle(p)}
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
    </>
  );
}
