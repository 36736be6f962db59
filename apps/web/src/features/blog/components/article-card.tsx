import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { ArticleSummary } from '../articles';
import { ArticleMetaLine } from './article-meta-line';

export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <ArticleMetaLine article={article} />
      <Heading className="mt-4 text-xl font-semibold tracking-tight">
        {/* The whole card is the link's target; the title keeps it readable for screen readers. */}
        <Link to={paths.blogArticle(article.slug)} className="after:absolute after:inset-0 focus-visible:outline-none">
          {article.title}
        </Link>
      </Heading>
      <p className="mt-3 flex-1 text-muted-foreground">{article.excerpt}</p>
      <p className="mt-4 text-sm font-medium text-primary" aria-hidden>
        Read article →
      </p>
    </article>
  );
}
