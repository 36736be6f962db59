import { PublishedLandingPageResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** A published page, or null when the server has none at this slug (the preview may stand in). */
export const publishedLandingPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['landing-pages', 'published', slug],
    queryFn: async () => {
      try {
        return PublishedLandingPageResponseSchema.parse(
          await api.get(`/api/v1/landing-pages/${encodeURIComponent(slug)}`, { auth: false }),
        ).page;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
    retry: 1,
  });

export const usePublishedLandingPage = (slug: string, enabled: boolean) =>
  useQuery({ ...publishedLandingPageQueryOptions(slug), enabled });
