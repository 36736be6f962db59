import {
  ListPublicBlogPostsResponseSchema,
  type PublicBlogPost,
  PublicBlogPostResponseSchema,
} from '@giftrelay/contracts';
import { useEffect, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import type { ArticleSummary } from '../articles';

/** Posts published from the blog generator (decision 050), as cards beside the articles. */
export async function getPublishedPosts(signal?: AbortSignal): Promise<ArticleSummary[]> {
  const list = ListPublicBlogPostsResponseSchema.parse(
    await api.get('/api/v1/blog-posts', { auth: false, signal }),
  ).data;
  return list.map((p) => ({
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    category: p.category,
    date: p.published_at.slice(0, 10),
    readTime: p.read_minutes,
  }));
}

/** A published post, or null when there is none at this slug. */
export async function getPublishedPost(slug: string, signal?: AbortSignal): Promise<PublicBlogPost | null> {
  try {
    return PublicBlogPostResponseSchema.parse(
      await api.get(`/api/v1/blog-posts/${encodeURIComponent(slug)}`, { auth: false, signal }),
    ).post;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/**
 * The published posts, fetched once the page is live: the prerendered list holds the articles
 * alone (and needs no query client), and a failure leaves the articles as they are.
 */
export function usePublishedPosts(): ArticleSummary[] {
  const isHydrated = useHydrated();
  const [posts, setPosts] = useState<ArticleSummary[]>([]);
  useEffect(() => {
    if (!isHydrated) return;
    const abort = new AbortController();
    getPublishedPosts(abort.signal).then(setPosts, () => {});
    return () => abort.abort();
  }, [isHydrated]);
  return posts;
}
