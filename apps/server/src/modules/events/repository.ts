import type { EventData, EventType } from '@giftrelay/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Transaction<Database> | Kysely<Database>;
export type EventRow = Selectable<Database['events']>;

/**
 * An event to write: its `data` is checked against its type's schema at compile time (decision
 * 066). Distributive, so a `type` that is a union still needs data of the type it names.
 */
export type NewEvent<T extends EventType = EventType> = T extends EventType
  ? { organisationId: string; type: T; data: EventData<T>; createdAt?: Date }
  : never;

/**
 * Writes one event. Call it with the transaction that makes the change the event reports, so the
 * two commit or roll back together. (The orders hot path writes its events inside its own
 * statements instead: place-order-statement.ts, complete-order-statement.ts.)
 */
export async function insertEvent<T extends EventType>(tx: Tx, e: NewEvent<T>): Promise<EventRow> {
  return tx
    .insertInto('events')
    .values({
      organisation_id: e.organisationId,
      type: e.type,
      data: JSON.stringify(e.data),
      created_at: atMillisecond(e.createdAt ?? new Date()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes many events in one statement (a batch's orders, decision 043), in the caller's
 * transaction: its one parameter is the events as JSON, so a chunk of hundreds costs one short
 * statement rather than one with four parameters an event.
 */
export async function insertEvents(tx: Tx, events: NewEvent[]): Promise<void> {
  if (!events.length) return;
  const records = JSON.stringify(
    events.map((e) => ({
      organisation_id: e.organisationId,
      type: e.type,
      data: e.data,
      created_at: atMillisecond(e.createdAt ?? new Date()),
    })),
  );
  await sql`
    INSERT INTO events (organisation_id, type, data, created_at)
    SELECT organisation_id, type, data, created_at
    FROM jsonb_to_recordset(${records}::jsonb) AS t (organisation_id uuid, type text, data jsonb, created_at timestamptz)`.execute(
    tx,
  );
}

/** Dates in JavaScript already have millisecond precision; this only guards against a caller's fractional ms. */
const atMillisecond = (d: Date) => new Date(Math.floor(d.getTime()));

export interface EventFilter {
  organisationId: string;
  type?: EventType;
  createdAfter?: Date;
  createdBefore?: Date;
  limit: number;
  /** The last row of the previous page: (created_at, id) in the listing's order. */
  after?: { createdAt: Date; id: string };
}

/** The organisation's events, newest first, keyset-paginated on (created_at, id). */
export async function listEvents(tx: Tx, f: EventFilter): Promise<EventRow[]> {
  let query = tx.selectFrom('events').selectAll().where('organisation_id', '=', f.organisationId);
  if (f.type) query = query.where('type', '=', f.type);
  if (f.createdAfter) query = query.where('created_at', '>', f.createdAfter);
  if (f.createdBefore) query = query.where('created_at', '<', f.createdBefore);
  if (f.after) {
    const { createdAt, id } = f.after;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** The organisation's event, or undefined: another organisation's event is as absent as a missing one. */
export async function findEvent(tx: Tx, organisationId: string, id: string): Promise<EventRow | undefined> {
  return tx
    .selectFrom('events')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
}
