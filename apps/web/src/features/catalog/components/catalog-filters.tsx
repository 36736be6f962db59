import { type CatalogFacets, PRODUCT_SEARCH_MAX_LENGTH } from '@giftrelay/contracts';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { cn } from '@/lib/utils';
import {
  countryChoice,
  type CatalogFilters as Filters,
  hasAnyFilter,
  rangeFromSlider,
  sliderPosition,
  VALUE_SLIDER,
} from '../utils/filters';

interface CatalogFiltersProps {
  filters: Filters;
  facets: CatalogFacets | undefined;
  isLoadingFacets: boolean;
  onChange: (changes: Partial<Filters>) => void;
  onClear: () => void;
}

const SEARCH_DELAY_MS = 300;
const wholeNumber = new Intl.NumberFormat('en-US');

export function CatalogFilters({ filters, facets, isLoadingFacets, onChange, onClear }: CatalogFiltersProps) {
  const hasAny = hasAnyFilter(filters);
  const panelId = useId();
  // On a phone the filters fold away behind a button, so the cards are not a screen below.
  const [isOpen, setIsOpen] = useState(false);
  const chosen = Object.entries(filters).filter(([key, value]) => key !== 'sort' && value).length;
  return (
    <section aria-label="Filters" className="rounded-xl border bg-card p-4">
      <Button
        type="button"
        variant="outline"
        className="w-full justify-between sm:hidden"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters
        </span>
        {chosen > 0 && (
          <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">
            {chosen}
            <span className="sr-only"> set</span>
          </span>
        )}
      </Button>
      <div id={panelId} className={cn(!isOpen && 'max-sm:hidden', 'max-sm:mt-4')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <FacetSelect
            label="Country"
            placeholder="Select country"
            value={filters.country}
            disabled={isLoadingFacets && !facets}
            options={facets?.countries.map((c) => ({ value: c.code, label: c.name, count: c.count }))}
            onChange={(country) => onChange(countryChoice(country, facets?.currencies))}
          />
          <FacetSelect
            label="Currency"
            placeholder="Select currency"
            value={filters.currency}
            disabled={isLoadingFacets && !facets}
            options={facets?.currencies.map((c) => ({ value: c.code, label: c.code, count: c.count }))}
            onChange={(currency) => onChange({ currency })}
          />
          <FacetSelect
            label="Category"
            placeholder="Select category"
            value={filters.category}
            disabled={isLoadingFacets && !facets}
            options={facets?.categories.map((c) => ({ value: c.name, label: c.name, count: c.count }))}
            onChange={(category) => onChange({ category })}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <ValueRange filters={filters} onChange={onChange} />
          <BrandSearch value={filters.q ?? ''} onChange={(q) => onChange({ q })} />
        </div>
        {hasAny && (
          <div className="mt-3 flex justify-end">
            <Button variant="link" size="sm" className="h-auto px-0" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

interface FacetSelectProps {
  label: string;
  placeholder: string;
  value: string | undefined;
  options: { value: string; label: string; count: number }[] | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

function FacetSelect({ label, placeholder, value, options = [], disabled, onChange }: FacetSelectProps) {
  const labelId = useId();
  // A value from a shared link stays shown even when the catalogue has no such option.
  const shown =
    value && !options.some((o) => o.value === value) ? [{ value, label: value, count: 0 }, ...options] : options;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <Select value={value ?? ''} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {shown.map((option) => (
            <SelectItem
              key={option.value}
              value={option.value}
              // Nothing to list under the other filters: shown with its 0, not offered.
              disabled={option.count === 0 && option.value !== value}
              hint={
                <>
                  <span aria-hidden>{option.count}</span>
                  <span className="sr-only">, {option.count === 1 ? '1 product' : `${option.count} products`}</span>
                </>
              }
            >
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function ValueRange({ filters, onChange }: { filters: Filters; onChange: (changes: Partial<Filters>) => void }) {
  const labelId = useId();
  const [min, max] = sliderPosition(filters);
  // The thumbs follow the pointer at once; the listing follows when they are let go.
  const [position, setPosition] = useState<[number, number]>([min, max]);
  useEffect(() => setPosition([min, max]), [min, max]);
  const unit = filters.currency ? `${filters.currency} ` : '';
  const top = `${wholeNumber.format(position[1])}${position[1] >= VALUE_SLIDER.max ? '+' : ''}`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium">
          Value range
        </span>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {unit}
          {wholeNumber.format(position[0])} - {top}
        </span>
      </div>
      <Slider
        aria-labelledby={labelId}
        min={VALUE_SLIDER.min}
        max={VALUE_SLIDER.max}
        step={VALUE_SLIDER.step}
        minStepsBetweenThumbs={0}
        value={position}
        thumbLabels={['Minimum value', 'Maximum value']}
        onValueChange={(value) => setPosition([value[0] ?? VALUE_SLIDER.min, value[1] ?? VALUE_SLIDER.max])}
        onValueCommit={(value) =>
          onChange(rangeFromSlider([value[0] ?? VALUE_SLIDER.min, value[1] ?? VALUE_SLIDER.max]))
        }
      />
    </div>
  );
}

function BrandSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const inputId = useId();
  const [text, setText] = useState(value);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What this box last asked for: the URL coming back with it is our own echo, not a change.
  const sent = useRef(value);
  // Back, a cleared filter or a popular brand changes the search from outside: the box shows it,
  // and a search still waiting to be sent is dropped, so it can never overwrite the newer choice
  // (on a slow machine it used to fire after the click and clear it).
  useEffect(() => {
    if (value.trim() === sent.current.trim()) return;
    clearTimeout(pending.current);
    sent.current = value;
    setText((current) => (current.trim() === value.trim() ? current : value));
  }, [value]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const type = (next: string) => {
    setText(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      if (next.trim() === sent.current.trim()) return;
      sent.current = next;
      onChange(next);
    }, SEARCH_DELAY_MS);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        Search brands
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={PRODUCT_SEARCH_MAX_LENGTH}
          placeholder="Search by brand or card name..."
          autoComplete="off"
          onChange={(event) => type(event.target.value)}
          className="flex h-10 w-full rounded-md border bg-background py-2 pr-3 pl-9 text-sm placeholder:text-muted-foreground"
        />
      </div>
    </div>
  );
}
