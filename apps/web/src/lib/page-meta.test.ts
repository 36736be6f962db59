// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyHeadTags, DEFAULT_TITLE, renderHeadTags, resolveMeta } from './page-meta';

const ORIGIN = 'https://gifts.example.com';

const headOf = (doc: Document) =>
  [...doc.head.querySelectorAll('meta[name], meta[property], link[rel="canonical"]')]
    .map(
      (el) =>
        `${el.getAttribute('name') ?? el.getAttribute('property') ?? 'canonical'}=${el.getAttribute('content') ?? el.getAttribute('href')}`,
    )
    .sort();

describe('page metadata', () => {
  it('defaults to the product title and the current path as canonical', () => {
    const m = resolveMeta({}, '/pricing/', ORIGIN);
    expect(m.title).toBe(DEFAULT_TITLE);
    expect(m.title).toBe('GiftRelay - Digital Rewards That Scale');
    expect(m.canonical).toBe(`${ORIGIN}/pricing`);
    expect(resolveMeta({ path: '/' }, '/x', ORIGIN).canonical).toBe(`${ORIGIN}/`);
  });

  it('prerenders exactly the tags the browser sets, escaped', () => {
    const m = resolveMeta(
      { title: 'Q&A "quotes"', description: 'Less <than> more', keywords: ['a', 'b'], noindex: true },
      '/faq',
      ORIGIN,
    );
    const rendered = document.implementation.createHTMLDocument('');
    rendered.head.innerHTML = renderHeadTags(m);
    const applied = document.implementation.createHTMLDocument('');
    applyHeadTags(applied, m);
    expect(headOf(rendered)).toEqual(headOf(applied));
    expect(rendered.title).toBe('Q&A "quotes" | GiftRelay');
    expect(applied.title).toBe('Q&A "quotes" | GiftRelay');
    expect(headOf(applied)).toEqual(
      expect.arrayContaining([
        'description=Less <than> more',
        'keywords=a, b',
        'og:title=Q&A "quotes"',
        'og:url=https://gifts.example.com/faq',
        'twitter:description=Less <than> more',
        'canonical=https://gifts.example.com/faq',
        'robots=noindex',
      ]),
    );
  });

  it('updates tags in place when the page changes, and drops noindex when it no longer applies', () => {
    const doc = document.implementation.createHTMLDocument('');
    applyHeadTags(doc, resolveMeta({ title: 'Missing', noindex: true }, '/x', ORIGIN));
    applyHeadTags(doc, resolveMeta({ title: 'Pricing' }, '/pricing', ORIGIN));
    expect(doc.title).toBe('Pricing | GiftRelay');
    expect(doc.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
