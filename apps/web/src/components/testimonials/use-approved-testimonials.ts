import type { PublicTestimonial } from '@giftrelay/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/**
 * Approved testimonials from the studio, newest first (spec sections 2 and 9): landing pages show
 * at most 2, the home page 3. Typed, without zod: public pages leave the schemas out of their download.
 */
export const getApprovedTestimonials = async (limit: number, signal?: AbortSignal) =>
  (
    await api.get<{ data: PublicTestimonial[] }>(`/api/v1/testimonials?limit=${limit}`, { auth: false, signal })
  ).data.slice(0, limit);

/**
 * The testimonials, read once the page is live (none while hydrating, as on the server); a plain
 * read, not a query: a visitor's page loads no query client. A failure leaves none, so a page never
 * quotes anyone the studio has not approved.
 */
export function useApprovedTestimonials(limit: number): PublicTestimonial[] {
  const [testimonials, setTestimonials] = useState<PublicTestimonial[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    getApprovedTestimonials(limit, abort.signal).then(setTestimonials, () => {});
    return () => abort.abort();
  }, [limit]);
  return testimonials;
}
