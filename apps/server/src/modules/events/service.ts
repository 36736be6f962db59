import type { Event, EventType, ListEventsQuery } from '@giftrelay/contracts';
import { listPage } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { createdAtListing, paginate } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import * as repo from './repository';
import { upgradeStoredData } from './upgrade';

const EVENTS = createdAtListing('events');

export function presentEvent(row: repo.EventRow): Event {
  // What insertEvent and the statements wrote for the type, in today's shape (the response
  // serializer checks it): events written before a field was added get it filled in.
  const type = row.type as EventType;
  return {
    id: row.id,
    type,
    created_at: row.created_at.toISOString(),
    data: upgradeStoredData(type, row.data),
  } as Event;
}

export async function listEvents(app: FastifyInstance, organisationId: string, q: ListEventsQuery) {
  const { page, nextCursor } = await paginate(app.cursors, EVENTS, q, ({ after, limit }) =>
    repo.listEvents(app.db, {
      organisationId,
      type: q.type,
      createdAfter: q.created_after,
      createdBefore: q.created_before,
      limit,
      after,
    }),
  );
  return { success: true as const, ...listPage(page.map(presentEvent), nextCursor) };
}

export async function getEvent(app: FastifyInstance, organisationId: string, id: string) {
  const row = await repo.findEvent(app.db, organisationId, id);
  if (!row) throw notFound('Event');
  return { success: true as const, event: presentEvent(row) };
}
