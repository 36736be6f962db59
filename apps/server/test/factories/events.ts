import { EVENT_SCHEMAS, type EventOf, type EventType } from '@giftrelay/contracts';
import { expect } from 'vitest';
import { bearer } from '../factories';
import { eventually, type TestApp } from '../helpers';

/**
 * The organisation's events of `type`, read through `GET /api/v1/events` (waiting for at least
 * one) and held to the type's schema (decision 066): each parses (a missing or mistyped field
 * fails), and what the database stored is exactly what the API answered, so no field the schema
 * does not name was written (the API's serializer would have stripped it).
 */
export async function parsedEventsOf<T extends EventType>(
  t: Pick<TestApp, 'app' | 'database'>,
  token: string,
  type: T,
): Promise<EventOf<T>[]> {
  const events = await eventually(async () => {
    const res = await t.app.inject({ url: `/api/v1/events?type=${type}&limit=100`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as unknown[];
    return data.length > 0 ? data : undefined;
  }, 30_000);
  const stored = await t.database.db
    .selectFrom('events')
    .select(['id', 'data'])
    .where(
      'id',
      'in',
      events.map((e) => (e as { id: string }).id),
    )
    .execute();
  return events.map((e) => {
    const parsed = EVENT_SCHEMAS[type].parse(e) as EventOf<T>;
    expect(parsed).toEqual(e);
    expect(stored.find((s) => s.id === parsed.id)?.data, `${type} as stored`).toEqual(parsed.data);
    return parsed;
  });
}
