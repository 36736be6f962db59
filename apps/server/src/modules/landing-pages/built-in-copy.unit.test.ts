import { AUDIENCE_SEGMENTS, type LandingCopy, OFFER_TYPES } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import type { InstanceFacts } from '../writer';
import { builtInLandingCopy, landingPrompt } from './built-in-copy';

/** Funding claims follow the configuration, and an empty catalogue claims no figure (issue 35). */
const CATALOGUE: Omit<InstanceFacts, 'funding'> = {
  products: 184,
  brands: 100,
  countries: 7,
  countryNames: ['United States', 'United Kingdom', 'Canada', 'Germany', 'France', 'Australia', 'Japan'],
  categories: ['Retail', 'Food & Beverage', 'Entertainment'],
  sampleBrands: ['Amazon', 'Starbucks', 'Target'],
  channels: ['email'],
};
const text = (copy: LandingCopy) => JSON.stringify(copy);
const pages = (facts: InstanceFacts) =>
  AUDIENCE_SEGMENTS.flatMap((audience_segment) =>
    OFFER_TYPES.flatMap((offer_type) =>
      [1, 2, 3, 4, 5, 6].map((seed) =>
        text(builtInLandingCopy({ primary_keyword: 'gift cards', audience_segment, offer_type }, seed, facts)),
      ),
    ),
  );

describe('built-in landing copy and the configuration', () => {
  it('promises card and bank-transfer funding only where each is configured', () => {
    const cases = [
      { card: false, bankTransfer: false },
      { card: true, bankTransfer: false },
      { card: false, bankTransfer: true },
      { card: true, bankTransfer: true },
    ];
    for (const funding of cases) {
      const all = pages({ ...CATALOGUE, funding }).join('\n');
      expect(/bank transfer/.test(all), JSON.stringify(funding)).toBe(funding.bankTransfer);
      expect(/by card/.test(all), JSON.stringify(funding)).toBe(funding.card);
      const prompt = landingPrompt(
        { primary_keyword: 'gift cards', audience_segment: 'hr_leaders', offer_type: 'demo' },
        { ...CATALOGUE, funding },
      );
      expect(prompt).toContain('100 brands in seven countries');
      if (!funding.card && !funding.bankTransfer) expect(prompt).toMatch(/do not mention cards or bank transfers/);
    }
  });

  it('states no catalogue size and no brand strip while the catalogue is empty', () => {
    const empty: InstanceFacts = {
      ...CATALOGUE,
      products: 0,
      brands: 0,
      countries: 0,
      countryNames: [],
      categories: [],
      sampleBrands: [],
      funding: { card: false, bankTransfer: false },
    };
    for (const page of pages(empty)) {
      expect(page).not.toMatch(/\b(\d+|no|zero) (brands|countries)\b/);
      expect(JSON.parse(page).brands).toBeUndefined();
    }
  });
});
