import {
  BlogDraftResponseSchema,
  ListBlogDraftsResponseSchema,
  MessageResponseSchema,
  type UpdateBlogDraftBody,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const BASE = '/api/v1/operator/blog/drafts';
export const draftsKey = ['blog-generator', 'drafts'] as const;

export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: draftsKey,
    queryFn: async () => ListBlogDraftsResponseSchema.parse(await api.get(BASE)).data,
  });
export const useDrafts = () => useQuery(draftsQueryOptions());

export const draftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...draftsKey, id],
    queryFn: async () => BlogDraftResponseSchema.parse(await api.get(`${BASE}/${id}`)).draft,
  });
export const useDraft = (id: string | null) => useQuery({ ...draftQueryOptions(id ?? ''), enabled: Boolean(id) });

export function useUpdateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateBlogDraftBody & { id: string }) =>
      BlogDraftResponseSchema.parse(await api.patch(`${BASE}/${id}`, body)).draft,
    onSuccess: (draft) => {
      queryClient.setQueryData(draftQueryOptions(draft.id).queryKey, draft);
      return queryClient.invalidateQueries({ queryKey: draftsKey, exact: true });
    },
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => MessageResponseSchema.parse(await api.delete(`${BASE}/${id}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftsKey }),
  });
}
