import { escapeHtml, RESERVED_BLOG_SLUGS } from '@giftrelay/contracts';
import { markdownToHtml } from '@giftrelay/markdown';
import type { FastifyInstance } from 'fastify';
import {
  type DynamicPage,
  registerDynamicPage,
  registerPageData,
  registerSitemapSource,
} from '../../plugins/dynamic-pages';
import { publishedSlugs } from './repository';
import { findPublished, listPublished } from './service';

const POST_PATH = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * Published posts at /blog/{slug}, sent by the server with their metadata, structured data and
 * content in the HTML (as the build does for the six articles), and listed in sitemap.xml; /blog
 * rendered with them as they are at each request (publishing or unpublishing shows at once).
 */
export function registerBlogPages(app: FastifyInstance): void {
  registerDynamicPage(app, {
    // The generator's page and the six articles are the web app's own, never a post's.
    match: (path) => {
      const slug = POST_PATH.exec(path)?.[1];
      return Boolean(slug) && !RESERVED_BLOG_SLUGS.includes(slug as string);
    },
    render: async (path) => {
      const slug = POST_PATH.exec(path)?.[1];
      if (!slug || slug.length > 80) return null;
      const post = await findPublished(app, slug);
      return post ? postPage(app.config.publicUrl, post) : null;
    },
  });
  registerPageData(app, { path: '/blog', data: async () => ({ posts: (await listPublished(app)).data }) });
  registerSitemapSource(app, async () => (await publishedSlugs(app.db)).map((slug) => `/blog/${slug}`));
}

function postPage(publicUrl: string, post: NonNullable<Awaited<ReturnType<typeof findPublished>>>): DynamicPage {
  const path = `/blog/${post.slug}`;
  const date = post.published_at.slice(0, 10);
  const dateText = new Date(post.published_at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return {
    title: post.title,
    description: post.excerpt,
    canonicalPath: path,
    ogType: 'article',
    jsonLd: {
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      articleSection: post.category,
      datePublished: post.published_at,
      dateModified: post.updated_at,
      mainEntityOfPage: `${publicUrl}${path}`,
      url: `${publicUrl}${path}`,
      author: { '@type': 'Organization', name: 'GiftRelay' },
      publisher: { '@type': 'Organization', name: 'GiftRelay', logo: `${publicUrl}/favicon.svg` },
    },
    // The web app renders the post with it (apps/web/src/lib/server-data.ts): the public API's shape.
    data: { post },
    bodyHtml: [
      '<header><a href="/">GiftRelay</a> <nav aria-label="Main"><a href="/blog">Blog</a></nav></header>',
      '<main id="main"><article>',
      '<p><a href="/blog">← Back to blog</a></p>',
      `<p>${escapeHtml(post.category)} · <time datetime="${escapeHtml(date)}">${escapeHtml(dateText)}</time> · ${post.read_minutes} min read</p>`,
      `<h1>${escapeHtml(post.title)}</h1>`,
      `<p>${escapeHtml(post.excerpt)}</p>`,
      markdownToHtml(post.body_markdown),
      '<p><a href="/login">Start sending rewards with GiftRelay</a></p>',
      '</article></main>',
    ].join('\n'),
  };
}
