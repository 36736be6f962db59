import { ApprovalRulesSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The approval rules with the caller's side (whether they apply to them, their month so far), so
 * the dialog says before sending that an order will wait and why (issue 35). The same key as
 * Settings → Approvals: a change there is seen here.
 */
export const getApprovalRules = async (signal?: AbortSignal) =>
  ApprovalRulesSchema.parse(await api.get('/api/v1/approval-rules', { signal }));

export const useApprovalRules = (enabled: boolean) =>
  useQuery({ queryKey: ['approval-rules'], queryFn: ({ signal }) => getApprovalRules(signal), enabled });
