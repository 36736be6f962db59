/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { getPublishedPost } from './api/published-posts';
export { articleBody } from './article-bodies';
export { getArticle } from './articles';
export { ArticleList } from './components/article-list';
export { ArticlePage } from './components/article-page';
export { PostPage } from './components/post-page';
