import { type Claim, ClaimSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getClaim = async (token: string): Promise<Claim> =>
  ClaimSchema.parse(await api.get(`/api/v1/claims/${encodeURIComponent(token)}`));

export const claimQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['claims', token], queryFn: () => getClaim(token), staleTime: 60_000 });

export const useClaim = (token: string) => useQuery(claimQueryOptions(token));
