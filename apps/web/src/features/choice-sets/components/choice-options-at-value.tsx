import { formatMoney, parseAmount, toDecimalString } from '@giftrelay/money';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { useChoiceSetOptions } from '../api/get-choice-set-options';

/**
 * The cards a set would offer at a value, as an order placed now would fix them: a rule resolved
 * against today's catalogue, a list less the cards that do not take the value.
 */
export function ChoiceOptionsAtValue({ setId, amount, currency }: { setId: string; amount: string; currency: string }) {
  const minor = parseAmount(amount.trim(), currency);
  const valid = minor !== undefined && minor > 0 ? toDecimalString(minor, currency) : undefined;
  const options = useChoiceSetOptions(setId, valid, currency);
  if (valid === undefined || minor === undefined) {
    return <p className="text-sm text-muted-foreground">Enter a value to see which cards it allows.</p>;
  }
  if (options.isPending)
    return <ListSkeleton label="Finding the cards for this value" rows={2} rowClassName="h-10 rounded-md" />;
  if (options.isError) {
    return (
      <LoadError title="The cards could not be checked." error={options.error} onRetry={() => void options.refetch()} />
    );
  }
  const available = options.data.filter((o) => o.available);
  const value = formatMoney(minor, currency);
  return (
    <div className="grid gap-2" aria-busy={options.isFetching}>
      <p role="status" className="text-sm font-medium">
        {/* The last value's cards stay in view while this one's are checked, but are not said to be its. */}
        {options.isPlaceholderData
          ? `Checking which cards accept ${value}…`
          : available.length === 0
            ? `No card accepts ${value}: choose another value or currency.`
            : `${available.length} card${available.length === 1 ? '' : 's'} accept${available.length === 1 ? 's' : ''} ${value}`}
      </p>
      {options.data.length > 0 && (
        <ul aria-label={`Cards at ${value}`} className="grid gap-1.5 sm:grid-cols-2">
          {options.data.map((o) => (
            <li key={o.code} className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm">
              <img src={o.logo} alt="" width={24} height={24} className="size-6 shrink-0 rounded" />
              <span className="min-w-0 flex-1 break-words">{o.name}</span>
              {!o.available && <span className="text-xs text-muted-foreground">Unavailable</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
