import { type GrantOperatorBody, ListOperatorsResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const operatorsKey = ['operators'] as const;

export const operatorsQueryOptions = () =>
  queryOptions({
    queryKey: operatorsKey,
    queryFn: async () => ListOperatorsResponseSchema.parse(await api.get('/api/v1/operators')).operators,
  });

export const useOperators = () => useQuery(operatorsQueryOptions());

export function useGrantOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GrantOperatorBody) =>
      ListOperatorsResponseSchema.parse(await api.post('/api/v1/operators', body)).operators,
    onSuccess: (operators) => queryClient.setQueryData(operatorsKey, operators),
  });
}

export function useRevokeOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      ListOperatorsResponseSchema.parse(await api.delete(`/api/v1/operators/${encodeURIComponent(userId)}`)).operators,
    onSuccess: (operators) => queryClient.setQueryData(operatorsKey, operators),
  });
}
