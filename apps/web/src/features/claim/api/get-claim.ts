import { type Claim, ClaimSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getClaim = async (token: string): Promise<Claim> =>
  ClaimSchema.parse(await api.get(`/api/v1/claims/${encodeURIComponent(token)}`));

/** While the card is being issued, ask again this often: the code appears without a reload. */
export const PENDING_CLAIM_REFRESH_MS = 2000;

export const claimQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['claims', token],
    queryFn: () => getClaim(token),
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_CLAIM_REFRESH_MS : false),
  });

export const useClaim = (token: string) => useQuery(claimQueryOptions(token));
