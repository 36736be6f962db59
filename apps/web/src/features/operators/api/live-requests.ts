import {
  BankTransferResponseSchema,
  ListBankTransfersResponseSchema,
  type LiveRequestStatus,
  OperatorLiveRequestResponseSchema,
  OperatorLiveRequestsResponseSchema,
  type RecordBankTransferBody,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['operator-live-requests'] as const;

export const liveRequestsQueryOptions = (status: LiveRequestStatus | 'all') =>
  queryOptions({
    queryKey: [...key, status],
    queryFn: async () =>
      OperatorLiveRequestsResponseSchema.parse(
        await api.get(`/api/v1/operator/live-requests${status === 'all' ? '' : `?status=${status}`}`),
      ).data,
  });

export const useLiveRequests = (status: LiveRequestStatus | 'all') => useQuery(liveRequestsQueryOptions(status));

export function useDecideLiveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: { id: string; verb: 'approve' | 'reject'; note?: string }) =>
      OperatorLiveRequestResponseSchema.parse(
        await api.post(`/api/v1/operator/live-requests/${encodeURIComponent(d.id)}/${d.verb}`, {
          ...(d.note ? { note: d.note } : {}),
        }),
      ).request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

const transfersKey = ['operator-bank-transfers'] as const;

export const bankTransfersQueryOptions = () =>
  queryOptions({
    queryKey: transfersKey,
    queryFn: async () => ListBankTransfersResponseSchema.parse(await api.get('/api/v1/operator/bank-transfers')).data,
  });

export const useBankTransfers = () => useQuery(bankTransfersQueryOptions());

export function useRecordBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RecordBankTransferBody) =>
      BankTransferResponseSchema.parse(await api.post('/api/v1/operator/bank-transfers', body)).transfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transfersKey }),
  });
}
