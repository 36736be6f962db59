import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '@/lib/download';
import { type AuditFilters, filterQuery } from '../utils/audit-view';

/** Downloads every line matching the filters as CSV, under the server's file name. */
export const exportAuditEvents = (filters: AuditFilters) =>
  downloadApiFile(`/api/v1/audit-events/export?${filterQuery(filters)}`, 'giftrelay-audit-log.csv');

export const useExportAuditEvents = () => useMutation({ mutationFn: exportAuditEvents });
