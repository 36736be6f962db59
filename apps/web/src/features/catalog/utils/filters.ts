import { findCountry } from '@giftrelay/contracts';

export const FILTER_KEYS = ['country', 'currency', 'category', 'minValue', 'maxValue', 'q', 'sort'] as const;

/** The catalogue's filters, as they appear in the page's URL and in the API's query. */
export type CatalogFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** The value slider, as the spec has it: 0 to 1000 in steps of 10; its top means "or more". */
export const VALUE_SLIDER = { min: 0, max: 1000, step: 10 } as const;

export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters {
  const filters: CatalogFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** Everything that narrows the listing also narrows the facets' counts; the order does not. */
const FACET_FILTER_KEYS = ['country', 'currency', 'category', 'minValue', 'maxValue', 'q'] as const;
export type FacetFilters = Pick<CatalogFilters, (typeof FACET_FILTER_KEYS)[number]>;

/** The filters the facets are counted under: the set ones, without the order. */
export function facetFilters(filters: CatalogFilters): FacetFilters {
  const chosen: FacetFilters = {};
  for (const key of FACET_FILTER_KEYS) if (filters[key]) chosen[key] = filters[key];
  return chosen;
}

/** Products are listed as soon as any one filter or a search is set (docs/decisions/020). */
export function hasAnyFilter(filters: CatalogFilters): boolean {
  return FILTER_KEYS.some((key) => key !== 'sort' && Boolean(filters[key]));
}

/** Choosing a country chooses the currency its cards are sold in, when the catalogue has it. */
export function countryChoice(
  country: string,
  currencies: readonly { code: string }[] | undefined,
): Pick<CatalogFilters, 'country' | 'currency'> {
  const currency = findCountry(country)?.currency;
  return currency && currencies?.some((c) => c.code === currency) ? { country, currency } : { country };
}

/** Where the slider's thumbs sit for the filters' value range. */
export function sliderPosition(filters: CatalogFilters): [number, number] {
  const clamp = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    if (value === undefined || !Number.isFinite(n)) return fallback;
    return Math.min(VALUE_SLIDER.max, Math.max(VALUE_SLIDER.min, n));
  };
  return [clamp(filters.minValue, VALUE_SLIDER.min), clamp(filters.maxValue, VALUE_SLIDER.max)];
}

/** The value range for a slider position: the ends of the slider mean "no bound". */
export function rangeFromSlider([min, max]: [number, number]): Pick<CatalogFilters, 'minValue' | 'maxValue'> {
  return {
    minValue: min > VALUE_SLIDER.min ? String(min) : undefined,
    maxValue: max < VALUE_SLIDER.max ? String(max) : undefined,
  };
}
