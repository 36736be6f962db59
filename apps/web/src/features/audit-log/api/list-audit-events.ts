import { ListAuditEventsResponseSchema } from '@giftrelay/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuditFilters, filterQuery } from '../utils/audit-view';

export const AUDIT_PAGE_SIZE = 25;

export const listAuditEvents = async (filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) => {
  const q = filterQuery(filters);
  q.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) q.set('cursor', cursor);
  return ListAuditEventsResponseSchema.parse(await api.get(`/api/v1/audit-events?${q}`, { signal }));
};

export const auditEventsQueryOptions = (filters: AuditFilters, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['audit-events', filters, cursor ?? null] as const,
    queryFn: ({ signal }) => listAuditEvents(filters, cursor, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditEvents = (filters: AuditFilters, cursor: string | undefined, enabled: boolean) =>
  useQuery({ ...auditEventsQueryOptions(filters, cursor), enabled });
