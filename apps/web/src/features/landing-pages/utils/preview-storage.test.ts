// @vitest-environment happy-dom
import { LANDING_PREVIEW_KEY, type LandingCopy, landingPageSlug } from '@giftrelay/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { type LandingPreview, readPreview, savePreview } from './preview-storage';

const block = { title: 'Fast', body: 'Delivered in seconds.' };
const useCase = { title: 'HR', body: 'Recognition.', points: ['Anniversaries'] };
const copy: LandingCopy = {
  headline: 'Employee gift cards that arrive in seconds',
  subheadline: 'Send rewards by email.',
  benefits: [block, block, block],
  steps: [block, block, block],
  use_cases: { hr: useCase, marketing: useCase, finance: useCase },
  faq: [
    { question: 'One?', answer: 'Yes.' },
    { question: 'Two?', answer: 'Yes.' },
    { question: 'Three?', answer: 'Yes.' },
  ],
};
const preview: LandingPreview = {
  primary_keyword: 'Employee Gift Cards',
  supporting_keywords: 'recognition',
  audience_segment: 'hr_leaders',
  offer_type: 'demo',
  hero_visual: 'globe',
  utm_campaign: 'spring',
  heroImageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  generatedAt: new Date('2026-11-26T08:00:00Z').toISOString(),
  copy,
};

describe('landing page slugs', () => {
  it.each([
    ['Employee Gift Cards', 'employee-gift-cards'],
    ['  spaced   out  ', 'spaced-out'],
    ['Café & Crème 2026', 'cafe-creme-2026'],
    ['a/b?c#d', 'abcd'],
    ['<script>alert(1)</script>', 'scriptalert1script'],
    ['snake_case words', 'snake-case-words'],
    ['--edge--', 'edge'],
  ])('%s → %s', (keyword, slug) => expect(landingPageSlug(keyword)).toBe(slug));

  it('gives a keyword with no Latin letters a stable, URL-safe slug', () => {
    expect(landingPageSlug('ギフトカード')).toMatch(/^page-[a-z0-9]+$/);
    expect(landingPageSlug('ギフトカード')).not.toBe(landingPageSlug('報酬'));
  });

  it('caps the slug at 80 characters with no trailing hyphen', () => {
    const slug = landingPageSlug(`${'word '.repeat(40)}`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).not.toMatch(/-$/);
  });
});

describe('the preview in session storage', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores the spec fields under landing_page_preview and reads them back for its slug', () => {
    expect(savePreview(preview)).toBe('employee-gift-cards');
    const stored = JSON.parse(sessionStorage.getItem(LANDING_PREVIEW_KEY) ?? '{}');
    for (const key of [
      'primary_keyword',
      'supporting_keywords',
      'audience_segment',
      'offer_type',
      'hero_visual',
      'utm_campaign',
      'heroImageUrl',
      'generatedAt',
    ])
      expect(stored).toHaveProperty(key);
    expect(readPreview('employee-gift-cards')).toEqual(preview);
  });

  it('is null for another slug, nothing stored, or something malformed', () => {
    savePreview(preview);
    expect(readPreview('other-page')).toBeNull();
    sessionStorage.clear();
    expect(readPreview('employee-gift-cards')).toBeNull();
    sessionStorage.setItem(LANDING_PREVIEW_KEY, '{not json');
    expect(readPreview('employee-gift-cards')).toBeNull();
    sessionStorage.setItem(LANDING_PREVIEW_KEY, JSON.stringify({ ...preview, heroImageUrl: 'javascript:alert(1)' }));
    expect(readPreview('employee-gift-cards')).toBeNull();
  });
});
