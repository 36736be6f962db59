import { type ClaimChoice, ClaimChoiceSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/v1/claims/{token}/choice: the cards a choice reward offers at its value. */
export const getClaimChoice = async (token: string, signal?: AbortSignal): Promise<ClaimChoice> =>
  ClaimChoiceSchema.parse(await api.get(`/api/v1/claims/${encodeURIComponent(token)}/choice`, { signal }));

export const claimChoiceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['claims', token, 'choice'],
    queryFn: ({ signal }) => getClaimChoice(token, signal),
  });

export const useClaimChoice = (token: string, enabled: boolean) =>
  useQuery({ ...claimChoiceQueryOptions(token), enabled });
