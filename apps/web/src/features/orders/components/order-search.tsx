import { ORDER_SEARCH_MAX } from '@giftrelay/contracts';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '../hooks/use-debounced-value';

export const SEARCH_DELAY_MS = 300;
export const SEARCH_PLACEHOLDER = 'Search by order ID, recipient, or reward...';

interface OrderSearchProps {
  /** The search in the URL. */
  value: string;
  onSearch: (q: string) => void;
}

/** The search box: asks once typing pauses, or at once on Enter. */
export function OrderSearch({ value, onSearch }: OrderSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DELAY_MS);
  // The search last put in the URL from here: a URL that moves on to something else was changed
  // from outside (Back, a link) and the box follows it; one that catches up with the typing does not.
  const written = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value);
  }, [value]);

  const write = (q: string) => {
    if (q === written.current) return;
    written.current = q;
    onSearchRef.current(q);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing writes.
  useEffect(() => write(debounced.trim()), [debounced]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    write(text.trim());
  };

  return (
    <search className="min-w-0 flex-1">
      <form onSubmit={submit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search orders
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={ORDER_SEARCH_MAX}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </form>
    </search>
  );
}
