import type { PublicBlogPost } from '@giftrelay/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Prose } from '@/components/layout/prose';
import { JsonLd } from '@/components/seo/json-ld';
import { buttonVariants } from '@/components/ui/button-variants';
import { Markdown } from '@/components/ui/markdown';
import { paths } from '@/config/paths';
import { SITE_NAME, usePageMeta } from '@/lib/page-meta';
import { getPublicUrl } from '@/lib/public-url';
import { bodyOpensWithExcerpt } from '../utils/lead';
import { ArticleMetaLine } from './article-meta-line';

/** A post published from the blog generator (decision 050); the server sends the same in its HTML. */
export function PostPage({ post }: { post: PublicBlogPost }) {
  const path = paths.blogArticle(post.slug);
  usePageMeta({ title: post.title, description: post.excerpt, type: 'article', path });
  const origin = getPublicUrl();
  const meta = {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    date: post.published_at.slice(0, 10),
    readTime: post.read_minutes,
  };
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <Link
        to={paths.blog}
        className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to blog
      </Link>
      <header className="mt-8">
        <ArticleMetaLine article={meta} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-5xl">{post.title}</h1>
        {!bodyOpensWithExcerpt(post.body_markdown, post.excerpt) && (
          <p className="mt-4 text-xl text-muted-foreground">{post.excerpt}</p>
        )}
      </header>
      <Prose className="mt-10 break-words">
        <Markdown source={post.body_markdown} />
      </Prose>
      <aside
        aria-labelledby="post-cta"
        className="mt-16 rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground"
      >
        <h2 id="post-cta" className="text-2xl font-bold tracking-tight">
          Send your first reward in minutes
        </h2>
        <p className="mx-auto mt-3 max-w-lg opacity-90">
          Sign up free, no credit card needed. Try everything with sandbox funds before you go live.
        </p>
        <Link to={paths.signup()} className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'mt-6' })}>
          Get started free
        </Link>
      </aside>
      <JsonLd
        data={{
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.published_at,
          dateModified: post.updated_at,
          articleSection: post.category,
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
    </article>
  );
}
