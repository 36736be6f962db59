import { ListLeadCampaignsResponseSchema, ListLeadsResponseSchema } from '@giftrelay/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { filterQuery, type LeadFilters } from '../utils/leads-view';

export const LEADS_PAGE_SIZE = 25;

export const listLeads = async (filters: LeadFilters, cursor: string | undefined, signal?: AbortSignal) => {
  const q = filterQuery(filters);
  q.set('limit', String(LEADS_PAGE_SIZE));
  if (cursor) q.set('cursor', cursor);
  return ListLeadsResponseSchema.parse(await api.get(`/api/v1/operator/leads?${q}`, { signal }));
};

/** The inbox as pages that Load more appends to. */
export const leadsQueryOptions = (filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: ['studio', 'leads', filters] as const,
    queryFn: ({ pageParam, signal }) => listLeads(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useLeads = (filters: LeadFilters) => useInfiniteQuery(leadsQueryOptions(filters));

export const leadCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: ['studio', 'lead-campaigns'] as const,
    queryFn: async () => ListLeadCampaignsResponseSchema.parse(await api.get('/api/v1/operator/leads/campaigns')).data,
  });

export const useLeadCampaigns = () => useQuery(leadCampaignsQueryOptions());

/** Downloads every lead matching the filters as CSV, under the server's file name. */
export const exportLeads = (filters: LeadFilters) =>
  downloadApiFile(`/api/v1/operator/leads/export?${filterQuery(filters)}`, 'giftrelay-leads.csv');

export const useExportLeads = () => useMutation({ mutationFn: exportLeads });
