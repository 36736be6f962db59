import { type ApprovalRulesBody, ApprovalRulesSchema } from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const approvalRulesQueryKey = ['approval-rules'] as const;

export const getApprovalRules = async (signal?: AbortSignal) =>
  ApprovalRulesSchema.parse(await api.get('/api/v1/approval-rules', { signal }));

export const approvalRulesQueryOptions = () =>
  queryOptions({ queryKey: approvalRulesQueryKey, queryFn: ({ signal }) => getApprovalRules(signal) });

export const useApprovalRules = () => useQuery(approvalRulesQueryOptions());

export const updateApprovalRules = async (body: ApprovalRulesBody) =>
  ApprovalRulesSchema.parse(await api.patch('/api/v1/approval-rules', body));

export function useUpdateApprovalRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApprovalRules,
    onSuccess: (rules) => queryClient.setQueryData(approvalRulesQueryKey, rules),
  });
}
