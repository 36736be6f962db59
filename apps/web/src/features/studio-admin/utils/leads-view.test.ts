import { describe, expect, it } from 'vitest';
import { filterQuery, filtersFrom } from './leads-view';

describe('the leads inbox’s filters in the address', () => {
  it('reads a known source and a campaign, and drops anything else', () => {
    expect(filtersFrom(new URLSearchParams('source=landing_page&campaign=landing_page_x'))).toEqual({
      source: 'landing_page',
      campaign: 'landing_page_x',
    });
    expect(filtersFrom(new URLSearchParams('source=nonsense&campaign=%20%20'))).toEqual({
      source: undefined,
      campaign: undefined,
    });
  });

  it('writes only the filters that are set', () => {
    expect(filterQuery({ source: 'contact_form' }).toString()).toBe('source=contact_form');
    expect(filterQuery({}).toString()).toBe('');
  });
});
