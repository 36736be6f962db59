import type { Event, EventType, ListEventsQuery } from '@giftrelay/contracts';
import { listPage } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import * as repo from './repository';

const EVENTS_LISTING = 'events';
const EventPosition = z.tuple([z.iso.datetime(), z.uuid()]).transform(([at, id]) => ({ createdAt: new Date(at), id }));

export function presentEvent(row: repo.EventRow): Event {
  return { id: row.id, type: row.type as EventType, created_at: row.created_at.toISOString(), data: row.data };
}

export async function listEvents(app: FastifyInstance, organisationId: string, q: ListEventsQuery) {
  const rows = await repo.listEvents(app.db, {
    organisationId,
    type: q.type,
    createdAfter: q.created_after,
    createdBefore: q.created_before,
    limit: q.limit + 1,
    after: q.cursor ? app.cursors.decode(EVENTS_LISTING, q.cursor, EventPosition) : undefined,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next =
    rows.length > q.limit && last ? app.cursors.encode(EVENTS_LISTING, [last.created_at.toISOString(), last.id]) : null;
  return { success: true as const, ...listPage(page.map(presentEvent), next) };
}

export async function getEvent(app: FastifyInstance, organisationId: string, id: string) {
  const row = await repo.findEvent(app.db, organisationId, id);
  if (!row) throw notFound('Event');
  return { success: true as const, event: presentEvent(row) };
}
