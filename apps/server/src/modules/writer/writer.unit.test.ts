import { splitBlogVariants } from '@giftrelay/contracts';
import { markdownToHtml } from '@giftrelay/markdown';
import { describe, expect, it } from 'vitest';
import { type BlogBrief, type CatalogueFacts, CTA_FOCUSES, TONES } from './built-in/blog-context';
import { writeBlogVariants } from './built-in/blog-writer';

/** The built-in writer (decision 050): real, varied copy from the inputs, no slots. */
const FACTS: CatalogueFacts = {
  products: 184,
  brands: 121,
  countries: 7,
  countryNames: ['United States', 'United Kingdom', 'Canada', 'Germany'],
  categories: ['Retail', 'Food & Beverage', 'Entertainment', 'Gaming', 'Travel'],
  sampleBrands: ['Amazon', 'Starbucks', 'Target', 'Uber'],
};
const EMPTY: CatalogueFacts = {
  products: 0,
  brands: 0,
  countries: 0,
  countryNames: [],
  categories: [],
  sampleBrands: [],
};
const BRIEF: BlogBrief = {
  primaryKeyword: 'employee recognition gift cards',
  supportingKeywords: ['spot awards', 'peer recognition'],
  audience: 'HR managers, marketing ops, finance managers',
  tone: 'authoritative',
  ctaFocus: 'demo',
};

const words = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
const sentences = (text: string) =>
  new Set(
    text
      .split(/(?<=[.!?])\s+|\n+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 20 && !s.startsWith('|')),
  );

describe('built-in blog writer', () => {
  it('writes three complete variants of 600+ words with a title, headings, an introduction and a call to action', () => {
    for (let seed = 0; seed < 60; seed++) {
      for (const cta of CTA_FOCUSES) {
        for (const facts of [FACTS, EMPTY]) {
          const text = writeBlogVariants(
            { ...BRIEF, ctaFocus: cta, tone: TONES[seed % 3] ?? 'authoritative' },
            facts,
            seed,
          );
          const variants = splitBlogVariants(text);
          for (const v of ['A', 'B', 'C'] as const) {
            const body = variants[v];
            expect(words(body), `seed ${seed} ${cta} ${v}`).toBeGreaterThanOrEqual(600);
            expect(body).toMatch(/^# \S/);
            expect(body.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(5);
            expect(body).toMatch(/\]\(\/(login|contact|blog\/roi-employee-incentive-programs)\)\*\*$/);
          }
        }
      }
    }
  });

  it('leaves no template slots, undefined values or filler text', () => {
    for (let seed = 0; seed < 40; seed++) {
      const text = writeBlogVariants(BRIEF, seed % 2 ? FACTS : EMPTY, seed);
      expect(text).not.toMatch(/[{}]|\bundefined\b|\bnull\b|\bNaN\b|\$\{/);
      expect(text).not.toMatch(/lorem|ipsum/i);
    }
    // Hostile inputs come out as plain words, never markup or slots.
    const hostile = writeBlogVariants(
      {
        ...BRIEF,
        primaryKeyword: '<script>alert(1)</script> {{kw}} [x](javascript:1)',
        supportingKeywords: ['**bold**', '# heading'],
        audience: '<img src=x onerror=alert(1)>',
      },
      FACTS,
      1,
    );
    expect(hostile).not.toMatch(/[<>{}]|\]\(javascript/);
    expect(markdownToHtml(hostile)).not.toMatch(/<script|<img|href="javascript/);
  });

  it('writes the three tones recognisably differently', () => {
    const variants = splitBlogVariants(writeBlogVariants(BRIEF, FACTS, 7));
    const [a, b, c] = [sentences(variants.A), sentences(variants.B), sentences(variants.C)];
    const shared = (x: Set<string>, y: Set<string>) => [...x].filter((s) => y.has(s)).length / Math.min(x.size, y.size);
    expect(shared(a, b)).toBeLessThan(0.25);
    expect(shared(b, c)).toBeLessThan(0.25);
    expect(shared(a, c)).toBeLessThan(0.25);
    // Conversational writing uses contractions; authoritative writing does not.
    const contractions = (t: string) => (t.match(/\b\w+'(s|re|ll|t|ve|d)\b/g) ?? []).length;
    expect(contractions(variants.C)).toBeGreaterThan(contractions(variants.A) + 3);
    // Consultative writing advises.
    expect(variants.B).toMatch(/\b(we (would )?(recommend|suggest)|consider)\b/i);
  });

  it('gives the same draft for the same seed and a different one for another seed', () => {
    const one = writeBlogVariants(BRIEF, FACTS, 42);
    expect(writeBlogVariants(BRIEF, FACTS, 42)).toBe(one);
    for (const seed of [43, 44, 1000]) {
      const other = writeBlogVariants(BRIEF, FACTS, seed);
      expect(other).not.toBe(one);
      const a = sentences(splitBlogVariants(one).A);
      const b = sentences(splitBlogVariants(other).A);
      expect([...b].filter((s) => !a.has(s)).length).toBeGreaterThan(5);
    }
  });

  it('uses the keywords, the audience and the catalogue, and closes on the CTA focus', () => {
    const text = writeBlogVariants(BRIEF, FACTS, 3);
    expect(text.toLowerCase()).toContain('employee recognition gift cards');
    expect(text).toContain('spot awards');
    expect(text).toContain('HR managers');
    expect(text).toMatch(/121 brands/);
    const ctaLink = {
      signup: '/login',
      trial: '/login',
      demo: '/contact',
      case_study: '/blog/roi-employee-incentive-programs',
    };
    const ctaWords = {
      signup: /account/i,
      trial: /trial|sandbox/i,
      demo: /demo/i,
      case_study: /ROI|results|numbers|proof/i,
    };
    for (const cta of CTA_FOCUSES) {
      const variants = splitBlogVariants(writeBlogVariants({ ...BRIEF, ctaFocus: cta }, FACTS, 5));
      for (const v of Object.values(variants)) {
        const closing = v.slice(v.lastIndexOf('\n## '));
        expect(closing).toContain(`](${ctaLink[cta]})`);
        expect(closing).toMatch(ctaWords[cta]);
      }
    }
  });
});
