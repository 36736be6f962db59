import type { PublicBlogPost, PublicBlogPostSummary } from '@giftrelay/contracts';
import { useEffect, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { serverData } from '@/lib/server-data';
import type { ArticleSummary } from '../articles';

// Typed reads without zod: the public pages that read posts leave the contracts' schemas (about
// 48 KB of gzip JavaScript) out of their download, as the catalogue's reads do.

/** A post as a card beside the articles. */
const toSummary = (p: PublicBlogPostSummary): ArticleSummary => ({
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  category: p.category,
  date: p.published_at.slice(0, 10),
  readTime: p.read_minutes,
});

/** Posts published from the blog generator (decision 050), as cards beside the articles. */
export async function getPublishedPosts(signal?: AbortSignal): Promise<ArticleSummary[]> {
  const list = await api.get<{ data: PublicBlogPostSummary[] }>('/api/v1/blog-posts', { auth: false, signal });
  return list.data.map(toSummary);
}

/** A published post, or null when there is none at this slug. */
export async function getPublishedPost(slug: string, signal?: AbortSignal): Promise<PublicBlogPost | null> {
  try {
    return (
      await api.get<{ post: PublicBlogPost }>(`/api/v1/blog-posts/${encodeURIComponent(slug)}`, { auth: false, signal })
    ).post;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/**
 * The published posts. The server sends /blog with them in its HTML and hands them over
 * (lib/server-data.ts); a /blog reached from another page, or prerendered without them, fetches
 * them once it is live (a failure leaves the articles as they are).
 */
export function usePublishedPosts(): ArticleSummary[] {
  const [rendered] = useState(() => (serverData('posts') as PublicBlogPostSummary[] | undefined)?.map(toSummary));
  const [fetched, setFetched] = useState<ArticleSummary[]>([]);
  useEffect(() => {
    if (rendered) return;
    const abort = new AbortController();
    getPublishedPosts(abort.signal).then(setFetched, () => {});
    return () => abort.abort();
  }, [rendered]);
  return rendered ?? fetched;
}
