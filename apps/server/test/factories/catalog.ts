import type { ProviderProduct } from '../../src/providers/gift-cards/types';

let sequence = 0;

/** A provider product with sensible defaults; override what the test is about. */
export function buildProviderProduct(overrides: Partial<ProviderProduct> = {}): ProviderProduct {
  sequence++;
  const brand = overrides.brand ?? `Brand ${sequence}`;
  return {
    code: `TEST-${sequence}`,
    name: `${brand} Gift Card`,
    brand,
    country: 'US',
    currency: 'USD',
    minValueMinor: 500,
    maxValueMinor: 50_000,
    denominationsMinor: null,
    payoutType: 'gift_card',
    category: 'Retail',
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>',
    description: `${brand} for testing.`,
    redemptionInstructions: 'Enter the code at checkout.',
    terms: 'Test terms.',
    ...overrides,
  };
}
