import {
  BlogPostResponseSchema,
  type CreateBlogPostBody,
  ListOperatorBlogPostsResponseSchema,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const BASE = '/api/v1/operator/blog-posts';
const postsKey = ['blog-generator', 'posts'] as const;

export const postsQueryOptions = () =>
  queryOptions({
    queryKey: postsKey,
    queryFn: async () => ListOperatorBlogPostsResponseSchema.parse(await api.get(BASE)).data,
  });
export const usePosts = () => useQuery(postsQueryOptions());

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBlogPostBody) => BlogPostResponseSchema.parse(await api.post(BASE, body)).post,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}

export function useSetPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, published }: { id: string; published: boolean }) =>
      BlogPostResponseSchema.parse(await api.post(`${BASE}/${id}/${published ? 'publish' : 'unpublish'}`)).post,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
