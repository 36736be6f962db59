import {
  DeleteRiskRuleResponseSchema,
  ListRiskRulesResponseSchema,
  type RiskRuleBody,
  RiskRuleResponseSchema,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The organisation's risk rules (decision 083): Settings → Risk lists and edits them. */
export const riskRulesQueryKey = ['risk-rules'] as const;

export const listRiskRules = async (signal?: AbortSignal) =>
  ListRiskRulesResponseSchema.parse(await api.get('/api/v1/risk/rules', { signal })).data;

export const riskRulesQueryOptions = () =>
  queryOptions({ queryKey: riskRulesQueryKey, queryFn: ({ signal }) => listRiskRules(signal) });

export const useRiskRules = () => useQuery(riskRulesQueryOptions());

/** Creates a rule, or replaces one whole (`id`): the API's PUT takes every field, and never a new kind. */
export const saveRiskRule = async ({ id, body }: { id?: string; body: RiskRuleBody }) =>
  RiskRuleResponseSchema.parse(
    id
      ? await api.put(`/api/v1/risk/rules/${encodeURIComponent(id)}`, body)
      : await api.post('/api/v1/risk/rules', body),
  ).rule;

export const deleteRiskRule = async (id: string) =>
  DeleteRiskRuleResponseSchema.parse(await api.delete(`/api/v1/risk/rules/${encodeURIComponent(id)}`));

export function useSaveRiskRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRiskRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: riskRulesQueryKey }),
  });
}

export function useDeleteRiskRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRiskRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: riskRulesQueryKey }),
  });
}
