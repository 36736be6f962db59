import {
  type CreateTestimonialBody,
  DeleteTestimonialResponseSchema,
  ListOperatorTestimonialsResponseSchema,
  TestimonialResponseSchema,
  type TestimonialStatus,
  type UpdateTestimonialBody,
} from '@giftrelay/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const testimonialsKey = ['studio', 'testimonials'] as const;
/** Enough for a moderation list; older ones page in with Load more. */
export const TESTIMONIALS_PAGE_SIZE = 50;

export const listTestimonials = async (status: TestimonialStatus | undefined, cursor?: string) => {
  const q = new URLSearchParams({ limit: String(TESTIMONIALS_PAGE_SIZE) });
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  return ListOperatorTestimonialsResponseSchema.parse(await api.get(`/api/v1/operator/testimonials?${q}`));
};

export const testimonialsQueryOptions = (status: TestimonialStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...testimonialsKey, status ?? 'all'] as const,
    queryFn: ({ pageParam }) => listTestimonials(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useTestimonials = (status: TestimonialStatus | undefined) =>
  useInfiniteQuery(testimonialsQueryOptions(status));

/** Every change empties the lists: a status change moves a testimonial from one filter to another. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: testimonialsKey });
}

export function useCreateTestimonial() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CreateTestimonialBody) =>
      TestimonialResponseSchema.parse(await api.post('/api/v1/operator/testimonials', body)).testimonial,
    onSuccess: invalidate,
  });
}

export function useUpdateTestimonial() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateTestimonialBody }) =>
      TestimonialResponseSchema.parse(
        await api.patch(`/api/v1/operator/testimonials/${encodeURIComponent(id)}`, changes),
      ).testimonial,
    onSuccess: invalidate,
  });
}

export function useDeleteTestimonial() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      DeleteTestimonialResponseSchema.parse(
        await api.delete(`/api/v1/operator/testimonials/${encodeURIComponent(id)}`),
      ),
    onSuccess: invalidate,
  });
}
