import { type FundingInstructions, FundingInstructionsSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getFundingInstructions = async (signal?: AbortSignal): Promise<FundingInstructions> =>
  FundingInstructionsSchema.parse(await api.get('/api/v1/balance/funding-instructions', { signal }));

export const fundingInstructionsQueryOptions = () =>
  queryOptions({
    queryKey: ['funding-instructions'] as const,
    queryFn: ({ signal }) => getFundingInstructions(signal),
    // The account and the reference change only with the instance's configuration.
    staleTime: 10 * 60_000,
  });

/** Where to send a bank transfer, and the reference to quote. */
export const useFundingInstructions = () => useQuery(fundingInstructionsQueryOptions());
