import {
  DeleteRiskRuleResponseSchema,
  ListPlatformRiskRulesResponseSchema,
  type PlatformRiskRuleBody,
  PlatformRiskRuleResponseSchema,
} from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Platform rules (decision 083): an address or domain held or blocked for every organisation; operators only. */
const platformRulesKey = ['platform-risk-rules'] as const;
const BASE = '/api/v1/operator/risk/rules';

export const platformRulesQueryOptions = () =>
  queryOptions({
    queryKey: platformRulesKey,
    queryFn: async ({ signal }) => ListPlatformRiskRulesResponseSchema.parse(await api.get(BASE, { signal })).data,
  });

export const usePlatformRules = () => useQuery(platformRulesQueryOptions());

export function useCreatePlatformRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PlatformRiskRuleBody) =>
      PlatformRiskRuleResponseSchema.parse(await api.post(BASE, body)).rule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformRulesKey }),
  });
}

export function useDeletePlatformRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      DeleteRiskRuleResponseSchema.parse(await api.delete(`${BASE}/${encodeURIComponent(id)}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformRulesKey }),
  });
}
