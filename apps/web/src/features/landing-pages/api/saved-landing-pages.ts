import {
  type LandingPageData,
  LandingPageResponseSchema,
  ListLandingPagesResponseSchema,
  type UpdateLandingPageBody,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const BASE = '/api/v1/operator/landing-pages';
const savedKey = ['landing-pages', 'saved'] as const;
const path = (slug: string) => `${BASE}/${encodeURIComponent(slug)}`;

export const savedLandingPagesQueryOptions = () =>
  queryOptions({
    queryKey: savedKey,
    queryFn: async () => ListLandingPagesResponseSchema.parse(await api.get(BASE)).data,
  });

export const useSavedLandingPages = () => useQuery(savedLandingPagesQueryOptions());

export const savedLandingPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...savedKey, slug],
    queryFn: async () => LandingPageResponseSchema.parse(await api.get(path(slug))).page,
  });

/** Every change answers the page; the list and published copies are refetched. */
function usePageMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['landing-pages'] }),
  });
}

export const usePublishLandingPage = () =>
  usePageMutation(
    async ({ slug, page }: { slug: string; page: LandingPageData }) =>
      LandingPageResponseSchema.parse(await api.put(path(slug), page)).page,
  );

export const useUpdateLandingPage = () =>
  usePageMutation(
    async ({ slug, changes }: { slug: string; changes: UpdateLandingPageBody }) =>
      LandingPageResponseSchema.parse(await api.patch(path(slug), changes)).page,
  );

export const useUnpublishLandingPage = () =>
  usePageMutation(
    async (slug: string) => LandingPageResponseSchema.parse(await api.post(`${path(slug)}/unpublish`)).page,
  );

export const useDeleteLandingPage = () => usePageMutation((slug: string) => api.delete(path(slug)));
