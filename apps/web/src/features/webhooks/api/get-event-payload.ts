import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type StoredEvent = { id: string; type: string; created_at: string; data: unknown };

/**
 * The body a delivery POSTed: the event as `{id, type, created_at, data}`, which is what
 * GET /events/{id} answers (the delivery worker's eventBody). Read as sent, not through the
 * event schemas, which would drop a field they do not know. Events are kept 35 days.
 */
export const payloadOf = (event: StoredEvent) =>
  JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data: event.data }, null, 2);

export const useEventPayload = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['webhooks', 'event-payload', eventId],
    queryFn: async ({ signal }) =>
      payloadOf(
        (await api.get<{ event: StoredEvent }>(`/api/v1/events/${encodeURIComponent(eventId)}`, { signal })).event,
      ),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
