import { type FxRate, FxRateSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getFxRate = async (from: string, to: string, signal?: AbortSignal): Promise<FxRate> =>
  FxRateSchema.parse(await api.get(`/api/v1/fx/rates?${new URLSearchParams({ from, to })}`, { signal, auth: false }));

export const fxRateQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['fx', 'rates', from, to],
    queryFn: ({ signal }) => getFxRate(from, to, signal),
    // A preview: the order takes the rate of its own moment.
    staleTime: 60_000,
  });

/** The rate an order in `from` is charged at in `to`; asks nothing when they are the same. */
export const useFxRate = (from: string, to: string) =>
  useQuery({ ...fxRateQueryOptions(from, to), enabled: from !== to });
