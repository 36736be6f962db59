import { type CardFunding, CardFundingSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const cardFundingQueryKey = ['billing', 'card-funding'] as const;

/** Whether the balance can be topped up by card, its limits and fee, and whether sending is frozen. */
export const getCardFunding = async (signal?: AbortSignal): Promise<CardFunding> =>
  CardFundingSchema.parse(await api.get('/api/v1/balance/card-funding', { signal }));

export const cardFundingQueryOptions = () =>
  queryOptions({ queryKey: cardFundingQueryKey, queryFn: ({ signal }) => getCardFunding(signal) });

export const useCardFunding = () => useQuery(cardFundingQueryOptions());
