import { type AgentCapsBody, AgentCapsSchema } from '@giftrelay/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const capsKey = (id: string) => ['api-keys', id, 'agent-caps'] as const;

/** A key's spend caps and recipient domains for AI agents using it over MCP (decision 074). */
export const getAgentCaps = async (id: string, signal?: AbortSignal) =>
  AgentCapsSchema.parse(await api.get(`/api/v1/api-keys/${encodeURIComponent(id)}/agent-caps`, { signal }));

export const agentCapsQueryOptions = (id: string) =>
  queryOptions({ queryKey: capsKey(id), queryFn: ({ signal }) => getAgentCaps(id, signal) });

export const useAgentCaps = (id: string, enabled: boolean) => useQuery({ ...agentCapsQueryOptions(id), enabled });

export const setAgentCaps = async (id: string, body: AgentCapsBody) =>
  AgentCapsSchema.parse(await api.put(`/api/v1/api-keys/${encodeURIComponent(id)}/agent-caps`, body));

export function useSetAgentCaps(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentCapsBody) => setAgentCaps(id, body),
    onSuccess: (caps) => queryClient.setQueryData(capsKey(id), caps),
  });
}
