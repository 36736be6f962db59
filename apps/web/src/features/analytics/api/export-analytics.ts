import type { OrderMode } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { modeQuery } from '@/lib/use-report-mode';
import { type AnalyticsRange, analyticsQuery } from '../utils/range';

/** Downloads the CSV of what the page shows: the same range, interval and mode. */
export const exportAnalytics = ({ range, mode }: { range: AnalyticsRange; mode?: OrderMode }) =>
  downloadApiFile(
    `/api/v1/analytics/export?${analyticsQuery(range)}${modeQuery(mode, '&')}`,
    `giftrelay-analytics-${mode === 'sandbox' ? 'sandbox-' : ''}${range.from}-to-${range.to}.csv`,
  );

export const useExportAnalytics = () =>
  useMutation({
    mutationFn: exportAnalytics,
    onSuccess: (filename) => toast.success('Export ready', { description: `Saved ${filename}.` }),
    onError: (error) =>
      toast.error('Export failed', {
        description: error instanceof ApiError ? error.message : 'The file could not be downloaded. Please try again.',
      }),
  });
