import {
  AUDIENCE_SEGMENTS,
  type BlogStreamEvent,
  type LandingCopy,
  OFFER_TYPES,
  splitBlogVariants,
} from '@giftrelay/contracts';
import { titleCase } from '@giftrelay/contracts/landing-page-basics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser } from '../../../test/factories';
import { makeOperator } from '../../../test/factories/live';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

/**
 * Issue 35, "copy worth publishing": every page and post kind the built-in writer makes, for a few
 * keywords, states only what this instance can back. Its figures are the catalogue's (read here
 * from the database, not from the writer), it promises no funding the configuration does not set
 * up (this instance has neither Stripe nor bank details), the headings are in title case, and
 * there is no filler, no paragraph twice and no keyword stuffing.
 */

const KEYWORDS = ['employee recognition gift cards', 'survey incentives', 'B2B referral rewards'];

/** Sentences a reader has seen on a thousand pages, or claims no instance's data backs. */
const BANNED = [
  /\bwhether you need\b/i,
  /\bthousands of\b/i,
  /\b190 countries\b/i,
  /\b5,000\+/,
  /\b1,000\+ companies\b/i,
  /\bsends it from the same balance\b/i,
  /\bthe same reasoning holds for\b/i,
  /\bsame goes for\b/i,
  /\bwhen it comes to\b/i,
  /\bin today's fast-paced\b/i,
  /\bunlock the power\b/i,
  /\bgame[- ]changer\b/i,
  /\bseamless(ly)?\b/i,
  /\bworld-class\b/i,
];
/** Funding this instance does not offer (no STRIPE_*, no BANK_TRANSFER_*). */
const UNBACKED_FUNDING = [/\bbank transfer\b/i, /\bby card\b/i, /\bstripe\b/i, /\btop up\b/i, /\bwire\b/i];

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p.length > 30 && !p.startsWith('#') && !p.startsWith('|'));

function landingTexts(copy: LandingCopy): string[] {
  return [
    copy.headline,
    copy.subheadline,
    ...copy.benefits.flatMap((b) => [b.title, b.body]),
    ...copy.steps.flatMap((s) => [s.title, s.body]),
    ...Object.values(copy.use_cases).flatMap((u) => [u.title, u.body, ...u.points]),
    ...copy.faq.flatMap((f) => [f.question, f.answer]),
    ...(copy.brands ? [copy.brands.lead, ...copy.brands.names] : []),
  ];
}

/** Every "N brands" / "N countries" / "N products" claim in the text, numbers or words. */
const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
function claims(text: string, noun: 'brands?' | 'countr(?:y|ies)' | 'products?'): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(new RegExp(`\\b(\\d[\\d,]*|${Object.keys(WORDS).join('|')})\\s+${noun}\\b`, 'gi'))) {
    const n = m[1] as string;
    found.push(WORDS[n.toLowerCase()] ?? Number(n.replace(/,/g, '')));
  }
  return found;
}

function expectHonest(text: string, facts: { brands: number; countries: number; products: number }, where: string) {
  for (const re of BANNED) expect(text, `${where}: filler ${re}`).not.toMatch(re);
  for (const re of UNBACKED_FUNDING) expect(text, `${where}: unbacked funding ${re}`).not.toMatch(re);
  for (const n of claims(text, 'brands?')) expect(n, `${where}: brands`).toBe(facts.brands);
  for (const n of claims(text, 'countr(?:y|ies)')) expect(n, `${where}: countries`).toBe(facts.countries);
  for (const n of claims(text, 'products?')) expect(n, `${where}: products`).toBe(facts.products);
  const paras = paragraphs(text);
  expect(new Set(paras).size, `${where}: a paragraph printed twice`).toBe(paras.length);
}

function events(body: string): BlogStreamEvent[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({
      event: /^event: (\w+)$/m.exec(block)?.[1],
      ...JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}'),
    }));
}

describe(`generated copy states the instance's facts (${TEST_DB})`, () => {
  let t: TestApp;
  let operator: SignedUpUser;
  let facts: { brands: number; countries: number; products: number; brandNames: Set<string> };

  beforeAll(async () => {
    t = await createTestApp();
    operator = await makeOperator(t);
    // The figures the public catalogue states, from its own endpoint.
    const row = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/facets' })).json().totals;
    const brands = await t.database.db.selectFrom('products').select('brand').distinct().execute();
    facts = { ...row, brandNames: new Set(brands.map((b) => b.brand)) };
    expect(facts.brands).toBeGreaterThan(10);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(operator.accessToken), payload });

  it('landing pages: every audience and offer, a few keywords', async () => {
    let seed = 1;
    for (const keyword of KEYWORDS) {
      for (const audience_segment of AUDIENCE_SEGMENTS) {
        for (const offer_type of OFFER_TYPES) {
          const where = `${keyword} / ${audience_segment} / ${offer_type}`;
          const res = await post('/api/v1/operator/landing-pages/generate', {
            primary_keyword: keyword,
            supporting_keywords: 'remote teams, instant delivery',
            audience_segment,
            offer_type,
            seed: seed++,
          });
          expect(res.statusCode, res.body).toBe(200);
          const copy: LandingCopy = res.json().copy;
          const texts = landingTexts(copy);
          expectHonest(texts.join('\n\n'), facts, where);
          // No block says the same thing twice, on the page or across its blocks.
          const long = texts.filter((s) => s.length > 30);
          expect(new Set(long).size, where).toBe(long.length);
          // The keyword is the H1 (title case, set by the page); the copy names it at most twice.
          const uses = texts.join(' ').toLowerCase().split(keyword.toLowerCase()).length - 1;
          expect(uses, where).toBeLessThanOrEqual(2);
          expect(copy.headline, where).not.toBe(keyword);
          // The brand strip: the catalogue's size and brands it really has.
          const lead = copy.brands?.lead ?? '';
          expect(claims(lead, 'brands?'), where).toEqual([facts.brands]);
          expect(claims(lead, 'countr(?:y|ies)'), where).toEqual([facts.countries]);
          for (const name of copy.brands?.names ?? []) expect(facts.brandNames.has(name), name).toBe(true);
        }
      }
    }
  });

  it('blog posts: every variant for a few keywords, with title-case headings', async () => {
    for (const [i, keyword] of KEYWORDS.entries()) {
      for (const cta_focus of ['signup', 'trial', 'demo', 'case_study']) {
        const res = await post('/api/v1/operator/blog/generate', {
          primary_keyword: keyword,
          supporting_keywords: 'remote teams, instant delivery',
          target_audience: 'HR managers, finance managers',
          tone_style: 'authoritative',
          cta_focus,
          seed: 100 + i,
        });
        expect(res.statusCode).toBe(200);
        const text = events(res.body)
          .map((e) => (e.event === 'delta' ? e.text : ''))
          .join('');
        for (const [letter, body] of Object.entries(splitBlogVariants(text))) {
          const where = `${keyword} / ${cta_focus} / ${letter}`;
          expectHonest(body, facts, where);
          const h1 = /^# (.+)$/m.exec(body)?.[1] ?? '';
          expect(h1, where).toContain(titleCase(keyword));
          for (const heading of body.match(/^#{1,2} .+$/gm) ?? [])
            expect(heading, where).not.toMatch(
              /\s(?!(?:a|an|and|as|at|by|for|in|of|on|or|the|to|vs|with)\b)[a-z][a-z]+\b/,
            );
          // Stuffing: the keyword at most once per 150 words; a supporting keyword in the
          // introduction and at most once where a section's own advice names it.
          const words = body.split(/\s+/).length;
          const uses = body.toLowerCase().split(keyword.toLowerCase()).length - 1;
          expect(uses, where).toBeLessThanOrEqual(Math.ceil(words / 150));
          for (const s of ['remote teams', 'instant delivery'])
            expect(body.split(s).length - 1, `${where}: ${s}`).toBeLessThanOrEqual(2);
        }
      }
    }
  });
});
