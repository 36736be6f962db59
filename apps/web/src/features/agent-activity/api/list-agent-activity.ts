import { AgentActivityResponseSchema } from '@giftrelay/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const agentActivityQueryKey = ['agent-activity'] as const;

/** The newest orders AI agents placed through MCP (decision 074). */
export const listAgentActivity = async (signal?: AbortSignal) =>
  AgentActivityResponseSchema.parse(await api.get('/api/v1/agent-activity', { signal }));

export const agentActivityQueryOptions = () =>
  queryOptions({ queryKey: agentActivityQueryKey, queryFn: ({ signal }) => listAgentActivity(signal) });

export const useAgentActivity = () => useQuery(agentActivityQueryOptions());
