import { describe, expect, it } from 'vitest';
import {
  countryChoice,
  facetFilters,
  filtersFromSearchParams,
  hasAnyFilter,
  rangeFromSlider,
  sliderPosition,
} from './filters';
import { formatAmount, formatRange } from './format';

describe('catalogue filters in the URL', () => {
  it('reads the known parameters, trimmed, and ignores empty and unknown ones', () => {
    const params = new URLSearchParams('country=US&currency=USD&category=Food+%26+Beverage&q=+ama+&minValue=&page=3');
    expect(filtersFromSearchParams(params)).toEqual({
      country: 'US',
      currency: 'USD',
      category: 'Food & Beverage',
      q: 'ama',
    });
  });

  it('counts the facets under every filter that narrows the listing, the search and range too, not the order', () => {
    expect(
      facetFilters({ country: 'US', q: 'ama', minValue: '25', maxValue: '100', sort: 'popular', currency: '' }),
    ).toEqual({ country: 'US', q: 'ama', minValue: '25', maxValue: '100' });
    expect(facetFilters({ sort: 'value' })).toEqual({});
  });

  it('lists products as soon as any one filter or a search is set', () => {
    expect(hasAnyFilter({})).toBe(false);
    expect(hasAnyFilter({ q: 'ama' })).toBe(true);
    expect(hasAnyFilter({ country: 'US', category: 'Retail' })).toBe(true);
    expect(hasAnyFilter({ maxValue: '50' })).toBe(true);
    // An order alone lists nothing: it is not a filter.
    expect(hasAnyFilter({ sort: 'value' })).toBe(false);
  });

  it('a country brings its currency, when the catalogue sells cards in it', () => {
    const currencies = [{ code: 'GBP' }, { code: 'USD' }];
    expect(countryChoice('UK', currencies)).toEqual({ country: 'UK', currency: 'GBP' });
    expect(countryChoice('JP', currencies)).toEqual({ country: 'JP' });
    expect(countryChoice('UK', undefined)).toEqual({ country: 'UK' });
  });

  it('maps the slider to a value range whose ends mean no bound', () => {
    expect(rangeFromSlider([0, 1000])).toEqual({ minValue: undefined, maxValue: undefined });
    expect(rangeFromSlider([100, 1000])).toEqual({ minValue: '100', maxValue: undefined });
    expect(rangeFromSlider([0, 250])).toEqual({ minValue: undefined, maxValue: '250' });
    expect(sliderPosition({})).toEqual([0, 1000]);
    expect(sliderPosition({ minValue: '600', maxValue: '5000' })).toEqual([600, 1000]);
    expect(sliderPosition({ minValue: 'abc' })).toEqual([0, 1000]);
  });
});

describe('amounts on cards', () => {
  it('show the currency and range, with decimals only where there are some', () => {
    expect(formatRange({ currency: 'USD', minValue: 1, maxValue: 2000 })).toBe('USD 1 - 2,000');
    expect(formatRange({ currency: 'USD', minValue: 25, maxValue: 25 })).toBe('USD 25');
    expect(formatAmount(25.5, 'USD')).toBe('25.50');
    expect(formatAmount(3000, 'JPY')).toBe('3,000');
    expect(formatAmount(12.5, 'KWD')).toBe('12.500');
  });
});
