import { type ArticleSummary, formatArticleDate } from '../articles';

export function ArticleMetaLine({ article }: { article: ArticleSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span className="rounded-full bg-secondary px-2.5 py-0.5 font-medium text-secondary-foreground">
        {article.category}
      </span>
      <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
      <span aria-hidden>·</span>
      <span>{article.readTime} min read</span>
    </p>
  );
}
