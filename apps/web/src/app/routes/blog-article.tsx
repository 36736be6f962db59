import type { BlogArticleSlug } from '@giftrelay/contracts/routes';
import { ArticlePage, getArticle, loadArticleBody } from '@/features/blog';

/** The route for one article: its page with its body, loaded together so the page renders whole. */
export async function articleRoute(slug: BlogArticleSlug) {
  const article = getArticle(slug);
  if (!article) throw new Error(`The article ${slug} has no entry in ARTICLES`);
  const body = await loadArticleBody(slug);
  return { Component: () => <ArticlePage article={article} body={body} /> };
}
