import type { Product } from '@giftrelay/contracts';
import { ProductSearch } from '@/components/products/product-search';

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
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Reward</legend>
      <p className="text-sm text-muted-foreground">
        Every row gets this reward, so your file needs only emails and amounts. A row with its own product code sends
        that product instead.
      </p>
      <ProductSearch
        noun={['reward', 'rewards']}
        pinned={value}
        isChecked={(p) => value?.code === p.code}
        onToggle={onChange}
      />
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
