import { describe, expect, it } from 'vitest';
import { describeChoiceSet } from './describe';

describe('describeChoiceSet', () => {
  it('names a list of products by their codes', () => {
    expect(describeChoiceSet({ product_codes: ['AMAZON-US', 'TARGET-US'], rule: null })).toBe(
      '2 cards: AMAZON-US, TARGET-US',
    );
    expect(describeChoiceSet({ product_codes: ['AMAZON-US'], rule: null })).toBe('1 card: AMAZON-US');
  });

  it('says a rule in words, with the country by name', () => {
    expect(
      describeChoiceSet({ product_codes: null, rule: { category: 'Retail', country: 'US', currency: 'USD' } }),
    ).toBe('Retail cards from United States in USD that accept the value');
    expect(describeChoiceSet({ product_codes: null, rule: { currency: 'GBP' } })).toBe(
      'Cards in GBP that accept the value',
    );
  });
});
