import { type CreateLiveRequestBody, type LiveStatus, LiveStatusSchema } from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

const liveKey = ['live-status'] as const;

export const liveStatusQueryOptions = () =>
  queryOptions({
    queryKey: liveKey,
    queryFn: async () => LiveStatusSchema.parse(await api.get('/api/v1/organisation/live')),
  });

/** Sandbox or live, and the latest request to go live (decision 045). */
export const useLiveStatus = () => useQuery(liveStatusQueryOptions());

export function useRequestLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateLiveRequestBody): Promise<LiveStatus> =>
      LiveStatusSchema.parse(await api.post('/api/v1/organisation/live-requests', body)),
    onSuccess: (status) => queryClient.setQueryData(liveKey, status),
  });
}

export function useWithdrawLiveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<LiveStatus> =>
      LiveStatusSchema.parse(await api.delete('/api/v1/organisation/live-requests/pending')),
    onSuccess: (status) => {
      queryClient.setQueryData(liveKey, status);
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
    },
  });
}
