import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Prose } from '@/components/layout/prose';
import { JsonLd } from '@/components/seo/json-ld';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { SITE_NAME, usePageMeta } from '@/lib/page-meta';
import { getPublicUrl } from '@/lib/public-url';
import { type ArticleMeta, getArticle } from '../articles';
import { ArticleCard } from './article-card';
import { ArticleMetaLine } from './article-meta-line';

export function ArticlePage({ article, body }: { article: ArticleMeta; body: ReactNode }) {
  const path = paths.blogArticle(article.slug);
  usePageMeta({
    title: article.title,
    description: article.excerpt,
    keywords: article.keywords,
    type: 'article',
    path,
  });
  const origin = getPublicUrl();
  const related = article.related.map(getArticle).filter((a): a is ArticleMeta => Boolean(a));

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <Link
          to={paths.blog}
          className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to blog
        </Link>
        <header className="mt-8">
          <ArticleMetaLine article={article} />
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-5xl">{article.title}</h1>
          <p className="mt-4 text-xl text-muted-foreground">{article.excerpt}</p>
        </header>
        <Prose className="mt-10">{body}</Prose>
        <aside
          aria-labelledby="article-cta"
          className="mt-16 rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground"
        >
          <h2 id="article-cta" className="text-2xl font-bold tracking-tight">
            Send your first reward in minutes
          </h2>
          <p className="mx-auto mt-3 max-w-lg opacity-90">
            Sign up free, no credit card needed. Try everything with sandbox funds before you go live.
          </p>
          <Link to={paths.signup()} className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'mt-6' })}>
            Get started free
          </Link>
        </aside>
      </article>
      <nav aria-labelledby="related-heading" className="border-t bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            Related articles
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {related.map((a) => (
              <li key={a.slug}>
                <ArticleCard article={a} headingLevel={3} />
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <JsonLd
        data={{
          '@type': 'BlogPosting',
          headline: article.title,
          description: article.excerpt,
          datePublished: article.date,
          dateModified: article.date,
          articleSection: article.category,
          keywords: article.keywords.join(', '),
          wordCount: article.wordCount,
          url: `${origin}${path}`,
          mainEntityOfPage: { '@type': 'WebPage', '@id': `${origin}${path}` },
          author: { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` },
          publisher: {
            '@type': 'Organization',
            name: SITE_NAME,
            logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
          },
        }}
      />
    </>
  );
}
