import type { PublicTestimonial } from '@giftrelay/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** At most 2 approved testimonials, newest first (spec sections 2 and 9). */
export const getLandingTestimonials = async (signal?: AbortSignal) =>
  // Typed, without zod: the published page leaves the schemas out of its download.
  (await api.get<{ data: PublicTestimonial[] }>('/api/v1/testimonials?limit=2', { auth: false, signal })).data.slice(
    0,
    2,
  );

/**
 * The testimonials, read once the page is live (none while hydrating, as on the server); a plain
 * read, not a query: a visitor's page loads no query client. A failure leaves none.
 */
export function useLandingTestimonials(): PublicTestimonial[] {
  const [testimonials, setTestimonials] = useState<PublicTestimonial[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    getLandingTestimonials(abort.signal).then(setTestimonials, () => {});
    return () => abort.abort();
  }, []);
  return testimonials;
}
