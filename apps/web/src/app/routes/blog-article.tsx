import type { BlogArticleSlug } from '@giftrelay/contracts/routes';
import { ArticlePage, articleBody, getArticle } from '@/features/blog';

/** The route for one article: its page, with its body a deferred part (features/blog/article-bodies.tsx). */
export async function articleRoute(slug: BlogArticleSlug) {
  const article = getArticle(slug);
  if (!article) throw new Error(`The article ${slug} has no entry in ARTICLES`);
  const Body = await articleBody(slug);
  return { Component: () => <ArticlePage article={article} body={<Body />} /> };
}
