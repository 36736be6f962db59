import type { PublicTestimonial } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** At most 2 approved testimonials, newest first (spec sections 2 and 9). */
export const landingTestimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', 'approved', 2],
    // Typed, without zod: the published page leaves the schemas out of its download.
    queryFn: async () =>
      (await api.get<{ data: PublicTestimonial[] }>('/api/v1/testimonials?limit=2', { auth: false })).data.slice(0, 2),
  });

export const useLandingTestimonials = () => useQuery(landingTestimonialsQueryOptions());
