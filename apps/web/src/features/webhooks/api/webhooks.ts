import {
  type CreateWebhookEndpointBody,
  CreateWebhookEndpointResponseSchema,
  type EventType,
  ListWebhookDeliveriesResponseSchema,
  ListWebhookEndpointsResponseSchema,
  MessageResponseSchema,
  ReplayFailedWebhooksResponseSchema,
  RotateWebhookSecretResponseSchema,
  type UpdateWebhookEndpointBody,
  type WEBHOOK_DELIVERY_STATUSES,
  WebhookDeliveryResponseSchema,
  WebhookEndpointResponseSchema,
} from '@giftrelay/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const webhooksQueryKey = ['webhook-endpoints'] as const;
const path = (id: string, rest = '') => `/api/v1/webhook-endpoints/${encodeURIComponent(id)}${rest}`;

/** The organisation's endpoints (20 at most: MAX_WEBHOOK_ENDPOINTS). */
export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: async ({ signal }) =>
      ListWebhookEndpointsResponseSchema.parse(await api.get('/api/v1/webhook-endpoints?limit=100', { signal })),
  });
export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());

export interface DeliveryFilters {
  status?: (typeof WEBHOOK_DELIVERY_STATUSES)[number];
  eventType?: EventType;
}

/** One endpoint's delivery log, newest first, 20 a page. */
export const deliveriesQueryOptions = (endpointId: string, f: DeliveryFilters) =>
  infiniteQueryOptions({
    queryKey: [...webhooksQueryKey, endpointId, 'deliveries', f.status ?? '', f.eventType ?? ''] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: '20' });
      if (f.status) q.set('status', f.status);
      if (f.eventType) q.set('event_type', f.eventType);
      if (pageParam) q.set('cursor', pageParam);
      return ListWebhookDeliveriesResponseSchema.parse(await api.get(path(endpointId, `/deliveries?${q}`), { signal }));
    },
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
  });
export const useDeliveries = (endpointId: string, f: DeliveryFilters) =>
  useInfiniteQuery(deliveriesQueryOptions(endpointId, f));

/** Mutations refresh the endpoints and every delivery log. */
function useWebhookMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation(async (body: CreateWebhookEndpointBody) =>
    CreateWebhookEndpointResponseSchema.parse(await api.post('/api/v1/webhook-endpoints', body)),
  );

export const useUpdateEndpoint = () =>
  useWebhookMutation(async ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) =>
    WebhookEndpointResponseSchema.parse(await api.patch(path(id), body)),
  );

export const useRotateSecret = () =>
  useWebhookMutation(async (id: string) =>
    RotateWebhookSecretResponseSchema.parse(await api.post(path(id, '/rotate-secret'))),
  );

export const useDeleteEndpoint = () =>
  useWebhookMutation(async (id: string) => MessageResponseSchema.parse(await api.delete(path(id))));

export const useSendTestEvent = () =>
  useWebhookMutation(async (id: string) => WebhookDeliveryResponseSchema.parse(await api.post(path(id, '/test'))));

export const useReplayEvent = () =>
  useWebhookMutation(async ({ id, eventId }: { id: string; eventId: string }) =>
    WebhookDeliveryResponseSchema.parse(await api.post(path(id, '/replay'), { event_id: eventId })),
  );

export const useReplayFailed = () =>
  useWebhookMutation(async ({ id, since }: { id: string; since: Date }) =>
    ReplayFailedWebhooksResponseSchema.parse(
      await api.post(path(id, '/replay-failed'), { since: since.toISOString() }),
    ),
  );
