import { ListBatchesResponseSchema } from '@giftrelay/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Batches an approval rule caught (decision 043), decided as a whole on the batch's page. */
export const useWaitingBatches = () =>
  useQuery({
    queryKey: [...sharedQueryKeys.orders, 'batches', 'waiting'],
    queryFn: async ({ signal }) =>
      ListBatchesResponseSchema.parse(await api.get('/api/v1/batches?status=pending_approval&limit=50', { signal })),
  });
