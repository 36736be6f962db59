import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, hasRequiredFilters, rangeFromSlider, sliderPosition } from './filters';
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

  it('lists products only once country, currency and category are chosen', () => {
    expect(hasRequiredFilters({ country: 'US', currency: 'USD' })).toBe(false);
    expect(hasRequiredFilters({ country: 'US', currency: 'USD', category: 'Retail' })).toBe(true);
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
