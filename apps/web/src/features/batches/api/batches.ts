import {
  BatchPreviewSchema,
  BatchResponseSchema,
  type BatchRowStatus,
  type CreateBatchBody,
  ListBatchesResponseSchema,
  ListBatchRowsResponseSchema,
} from '@giftrelay/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { sharedQueryKeys } from '@/lib/query-keys';

/** Under the orders' key: a batch's orders are orders, and a send or decision refreshes both. */
export const batchesQueryKey = [...sharedQueryKeys.orders, 'batches'] as const;
const batchKey = (id: string) => [...batchesQueryKey, id] as const;

export const previewBatch = async (body: CreateBatchBody, signal?: AbortSignal) =>
  BatchPreviewSchema.parse(await api.post('/api/v1/batches/preview', body, { signal }));

export const createBatch = async (body: CreateBatchBody, idempotencyKey: string) =>
  BatchResponseSchema.parse(
    await api.post('/api/v1/batches', body, { headers: { 'idempotency-key': idempotencyKey } }),
  );

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBatchBody; idempotencyKey: string }) =>
      createBatch(body, idempotencyKey),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
    },
  });
}

const RUNNING = new Set(['accepting', 'sending', 'pending_approval']);

/** One batch, asked again every second while it is running, so its progress moves live. */
export const useBatch = (id: string) =>
  useQuery({
    queryKey: batchKey(id),
    queryFn: async ({ signal }) =>
      BatchResponseSchema.parse(await api.get(`/api/v1/batches/${encodeURIComponent(id)}`, { signal })),
    refetchInterval: (query) => (query.state.data && !RUNNING.has(query.state.data.status) ? false : 1000),
  });

const ROWS_PAGE = 100;

/**
 * The batch's rows, a page at a time, filtered by status; refreshed with the batch while it runs
 * (`running` undefined: the batch is not loaded yet). The batch can end between two of the rows'
 * asks, so they are asked once more when it is seen to end: else the last rows shown could still
 * say Pending beside a batch that says every row is done.
 */
export function useBatchRows(id: string, status: BatchRowStatus | undefined, running: boolean | undefined) {
  const rows = useInfiniteQuery({
    queryKey: [...batchKey(id), 'rows', status ?? 'all'],
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ROWS_PAGE) });
      if (status) params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return ListBatchRowsResponseSchema.parse(
        await api.get(`/api/v1/batches/${encodeURIComponent(id)}/rows?${params}`, { signal }),
      );
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: running === false ? false : 2000,
  });
  const seenRunning = useRef(false);
  const { refetch } = rows;
  useEffect(() => {
    if (running) seenRunning.current = true;
    else if (running === false && seenRunning.current) {
      seenRunning.current = false;
      void refetch();
    }
  }, [running, refetch]);
  return rows;
}

export const useBatches = () =>
  useInfiniteQuery({
    queryKey: batchesQueryKey,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return ListBatchesResponseSchema.parse(await api.get(`/api/v1/batches?${params}`, { signal }));
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** Saves every row with its result as CSV, under the name the server gives. */
export const exportBatchRows = (id: string) =>
  downloadApiFile(
    `/api/v1/batches/${encodeURIComponent(id)}/rows/export`,
    `giftrelay-batch-${new Date().toISOString().slice(0, 10)}.csv`,
  );

export function useDecideBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ decision, note }: { decision: 'approve' | 'reject'; note?: string }) =>
      BatchResponseSchema.parse(
        await api.post(`/api/v1/batches/${encodeURIComponent(id)}/${decision}`, note ? { note } : {}),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.balance });
    },
  });
}
