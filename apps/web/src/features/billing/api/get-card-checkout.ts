import { type CardCheckoutSession, CardCheckoutSessionSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While Stripe has not told GiftRelay about the payment yet, ask this often. */
export const CHECKOUT_POLL_MS = 1500;

export const getCardCheckout = async (id: string, signal?: AbortSignal): Promise<CardCheckoutSession> =>
  CardCheckoutSessionSchema.parse(
    await api.get(`/api/v1/balance/checkout-sessions/${encodeURIComponent(id)}`, { signal }),
  );

export const cardCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'card-checkout', id] as const,
    queryFn: ({ signal }) => getCardCheckout(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? CHECKOUT_POLL_MS : false),
  });

/** A card top-up the person came back from, polled until it is credited (or lapses). */
export const useCardCheckout = (id: string | null) =>
  useQuery({ ...cardCheckoutQueryOptions(id ?? ''), enabled: Boolean(id) });
