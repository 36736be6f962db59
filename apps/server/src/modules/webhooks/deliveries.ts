import {
  type EventType,
  type ListWebhookDeliveriesQuery,
  listPage,
  WEBHOOK_REPLAY_MAX_EVENTS,
  type WebhookDelivery,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { createdAtListing, paginate } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { findEventRow, insertEvent } from '../events';
import * as endpoints from './repository';
import * as repo from './repository-deliveries';

const DELIVERIES = createdAtListing('webhook-deliveries');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(d: repo.DeliveryRow & { event_type: string }, attempts: repo.AttemptRow[]): WebhookDelivery {
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type as EventType,
    status: d.status,
    attempts: attempts.map((a) => ({
      attempted_at: a.attempted_at.toISOString(),
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      response_excerpt: a.response_excerpt,
      error: a.error,
      next_retry_at: iso(a.next_retry_at),
    })),
    next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null,
    created_at: d.created_at.toISOString(),
  };
}

async function endpointOf(app: FastifyInstance, organisationId: string, endpointId: string) {
  const endpoint = await endpoints.findEndpoint(app.db, organisationId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

/** The endpoint's delivery log, newest first: each delivery with every attempt. */
export async function listDeliveries(
  app: FastifyInstance,
  organisationId: string,
  endpointId: string,
  q: ListWebhookDeliveriesQuery,
) {
  await endpointOf(app, organisationId, endpointId);
  const { page, nextCursor } = await paginate(app.cursors, DELIVERIES, q, ({ after, limit }) =>
    repo.listDeliveries(app.db, { endpointId, status: q.status, eventType: q.event_type, limit, after }),
  );
  const attempts = await repo.listAttempts(
    app.db,
    page.map((d) => d.id),
  );
  return {
    success: true as const,
    ...listPage(
      page.map((d) =>
        present(
          d,
          attempts.filter((a) => a.delivery_id === d.id),
        ),
      ),
      nextCursor,
    ),
  };
}

/** Delivers the event again to this endpoint: a new chain of attempts with the same webhook-id. */
export async function replayEvent(app: FastifyInstance, organisationId: string, endpointId: string, eventId: string) {
  await endpointOf(app, organisationId, endpointId);
  const event = await findEventRow(app.db, organisationId, eventId);
  if (!event) throw notFound('Event');
  const delivery = await repo.insertDelivery(app.db, { organisationId, endpointId, eventId });
  return { success: true as const, delivery: present({ ...delivery, event_type: event.type }, []) };
}

/**
 * Delivers again, to this endpoint, every event created since `since` whose latest delivery there
 * failed: after an outage, one call instead of a replay per event. The endpoint's row is locked
 * for the statement's transaction, so two calls at once queue each event once; an event with a
 * delivery pending or succeeded is skipped.
 */
export async function replayFailedSince(app: FastifyInstance, organisationId: string, endpointId: string, since: Date) {
  return app.db.transaction().execute(async (tx) => {
    const endpoint = await endpoints.lockEndpoint(tx, organisationId, endpointId);
    if (!endpoint) throw notFound('Webhook endpoint');
    const queued = await repo.replayFailedSince(tx, {
      organisationId,
      endpointId,
      since,
      limit: WEBHOOK_REPLAY_MAX_EVENTS + 1,
    });
    return {
      success: true as const,
      queued: Math.min(queued, WEBHOOK_REPLAY_MAX_EVENTS),
      has_more: queued > WEBHOOK_REPLAY_MAX_EVENTS,
    };
  });
}

/** A `webhook.test` event, delivered to this endpoint only (even a disabled one is not: it is recorded as failed). */
export async function sendTestEvent(app: FastifyInstance, organisationId: string, endpointId: string) {
  await endpointOf(app, organisationId, endpointId);
  return app.db.transaction().execute(async (tx) => {
    const event = await insertEvent(tx, {
      organisationId,
      type: 'webhook.test',
      data: { endpoint_id: endpointId, message: 'A test event from GiftRelay' },
    });
    const delivery = await repo.insertDelivery(tx, { organisationId, endpointId, eventId: event.id });
    return { success: true as const, delivery: present({ ...delivery, event_type: event.type }, []) };
  });
}
