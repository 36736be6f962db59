import { BLOG_ARTICLE_SLUGS, isClientRoute } from '@giftrelay/contracts/routes';
import { parseMarkdown, readingMinutes } from '@giftrelay/markdown';
import { describe, expect, it } from 'vitest';
import { ARTICLES, formatArticleDate, getArticle, searchArticles } from './articles';

const bodies = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default', eager: true });
const bodyOf = (slug: string) => bodies[`./content/${slug}.md`] ?? '';

describe('the articles', () => {
  it('are exactly the six the site routes to, newest first', () => {
    expect(ARTICLES.map((a) => a.slug).sort()).toEqual([...BLOG_ARTICLE_SLUGS].sort());
    expect(Object.keys(bodies)).toHaveLength(BLOG_ARTICLE_SLUGS.length);
    const dates = ARTICLES.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(ARTICLES.map((a) => [a.slug, a] as const))('%s has a real body and honest metadata', (slug, article) => {
    const body = bodyOf(slug);
    expect(readingMinutes(body)).toBe(article.readTime);
    expect(body.split(/\s+/).filter(Boolean).length).toBe(article.wordCount);
    expect(body.split(/\s+/).length).toBeGreaterThan(900);
    expect(parseMarkdown(body).filter((b) => b.type === 'heading' && b.level === 2).length).toBeGreaterThanOrEqual(5);
    expect(article.excerpt.length).toBeGreaterThan(100);
    expect(article.excerpt.length).toBeLessThanOrEqual(200);
    expect(article.keywords.length).toBeGreaterThanOrEqual(3);
    expect(article.date).toMatch(/^2025-\d\d-\d\d$/);
  });

  it.each(ARTICLES.map((a) => [a.slug, a] as const))('%s links only to pages that exist', (slug, article) => {
    expect(new Set(article.related).size).toBe(3);
    expect(article.related).not.toContain(slug);
    for (const related of article.related) expect(getArticle(related)).toBeDefined();
    const links = [...bodyOf(slug).matchAll(/\]\((\/[^)#\s]*)(#[^)\s]*)?\)/g)].map((m) => m[1] ?? '');
    for (const link of links) expect(isClientRoute(link), link).toBe(true);
  });
});

describe('searchArticles', () => {
  it('matches title, excerpt or category, ignoring case and surrounding spaces', () => {
    const titles = (q: string) => searchArticles(ARTICLES, q).map((a) => a.slug);
    expect(titles('  mastercard ')).toEqual(['visa-vs-mastercard-employee-incentives']);
    expect(titles('WORKED EXAMPLE')).toEqual(['roi-employee-incentive-programs']);
    expect(titles('engineering')).toEqual(['automate-rewards-giftrelay-api']);
    expect(titles('')).toHaveLength(6);
    expect(titles('no such thing')).toEqual([]);
  });
});

it('formats dates the same everywhere, whatever the time zone', () => {
  expect(formatArticleDate('2025-01-14')).toBe('January 14, 2025');
});
