import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/**
 * A provider's request rate shared by every process on the database (Tango allows about one
 * request a second per platform): each call takes the next free slot in one statement on the
 * provider's row (`provider_rate_limits`), then waits for it. The row lock orders concurrent
 * takers, in this process or another, so slots never overlap however many workers run.
 */
export class DatabaseRateLimiter {
  readonly #intervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly provider: string,
    requestsPerSecond: number,
  ) {
    this.#intervalMs = Math.ceil(1000 / requestsPerSecond);
  }

  /** Waits for this call's slot; resolves when the request may go. */
  async take(): Promise<void> {
    const interval = `${this.#intervalMs} milliseconds`;
    const { rows } = await sql<{ wait_ms: string }>`
      INSERT INTO provider_rate_limits AS l (provider, next_slot_at)
      VALUES (${this.provider}, clock_timestamp() + ${interval}::interval)
      ON CONFLICT (provider) DO UPDATE
        SET next_slot_at = greatest(l.next_slot_at, clock_timestamp()) + ${interval}::interval
      RETURNING greatest(0, extract(epoch FROM (l.next_slot_at - ${interval}::interval - clock_timestamp())) * 1000)::text AS wait_ms
    `.execute(this.db);
    const wait = Math.ceil(Number(rows[0]?.wait_ms ?? 0));
    if (wait > 0) await sleep(wait);
  }

  /** The provider said to slow down: no process sends before `ms` from now. */
  async backOff(ms: number): Promise<void> {
    await sql`
      INSERT INTO provider_rate_limits AS l (provider, next_slot_at)
      VALUES (${this.provider}, clock_timestamp() + ${`${ms} milliseconds`}::interval)
      ON CONFLICT (provider) DO UPDATE
        SET next_slot_at = greatest(l.next_slot_at, clock_timestamp() + ${`${ms} milliseconds`}::interval)
    `.execute(this.db);
  }
}
