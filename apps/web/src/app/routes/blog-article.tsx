import type { BlogArticleSlug } from '@giftrelay/contracts/routes';
import { ArticlePage, articleBody, getArticle } from '@/features/blog';

/** The route for one article: its page, with its body a deferred part (features/blog/article-bodies.tsx). */
export function articleRoute(slug: BlogArticleSlug) {
  const article = getArticle(slug);
  if (!article) throw new Error(`The article ${slug} has no entry in ARTICLES`);
  // One element for the route's life: the page's renders never hand the waiting part new props.
  const body = articleBody(slug);
  return { Component: () => <ArticlePage article={article} body={body} /> };
}
