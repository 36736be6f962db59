import type { PublishedLandingPage } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { renderedLandingPage } from './rendered-landing-page';

/** A published page, or null when the server has none at this slug (the preview may stand in). */
export const publishedLandingPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['landing-pages', 'published', slug],
    queryFn: async () => {
      try {
        // Typed, without zod: the published page leaves the schemas out of its download.
        return (
          await api.get<{ page: PublishedLandingPage }>(`/api/v1/landing-pages/${encodeURIComponent(slug)}`, {
            auth: false,
          })
        ).page;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
    retry: 1,
  });

/**
 * The published page at `slug`. The server sends /lp/{slug} rendered with the page it read and
 * hands it over (lib/server-data.ts): the first render uses it, and no request is made for it.
 */
export const usePublishedLandingPage = (slug: string, enabled: boolean) => {
  const given = renderedLandingPage(slug);
  return useQuery({
    ...publishedLandingPageQueryOptions(slug),
    enabled,
    ...(given ? { initialData: given, staleTime: 60_000 } : {}),
  });
};
