import { sql } from 'kysely';
import { notifyChannelSql } from 'pg-boss/dist/plans.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../test/helpers';
import { JOB_PARAM, jobInsertGatedBy, pgBossInternals } from './queue';

// What the app takes from pg-boss beyond its documented API (plugins/queue.ts, decision 017).
// Each test fails if a pg-boss upgrade changes the piece it checks.
describe(`pg-boss internals the app relies on (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'off' } });
  });
  afterAll(() => t.close());

  it('send() with a `db` hands over its insert: one statement reading the job from $1 only', async () => {
    const queue = 'internals.capture';
    await t.app.queue.ensureQueue(queue, { notify: false });
    const insert = await t.app.queue.jobInsert(queue, { hello: 'world' });
    expect(insert.text.split(JOB_PARAM)).toHaveLength(2);
    expect(insert.text).not.toMatch(/\$[02-9]/);
    // The parameter is the job list pg-boss inserts from: one job, with its data.
    expect(JSON.parse(insert.json)).toMatchObject([{ data: { hello: 'world' } }]);

    // Folded into a statement of ours, it writes exactly the job pg-boss would have written.
    const gated = `WITH g AS (SELECT 1 AS one), j AS (${jobInsertGatedBy(insert.text, 'g', '$1')}) SELECT id FROM j`;
    const { rows } = await t.app.database.query<{ id: string }>(gated, [insert.json]);
    const id = rows[0]?.id as string;
    const job = await t.app.queue.boss.getJobById(queue, id);
    expect(job).toMatchObject({ name: queue, state: 'created', data: { hello: 'world' } });
    // A gate without a row writes nothing.
    const none = `WITH g AS (SELECT 1 AS one WHERE false), j AS (${jobInsertGatedBy(insert.text, 'g', '$1')}) SELECT count(*)::int AS n FROM j`;
    expect((await t.app.database.query<{ n: number }>(none, [insert.json])).rows[0]?.n).toBe(0);
  });

  it('refuses an insert of another shape, and a job parameter other than $1', () => {
    expect(() => jobInsertGatedBy('INSERT INTO job (data) VALUES ($1::json)', 'g', '$1')).toThrow(/pg-boss/);
    expect(() => jobInsertGatedBy(`SELECT ${JOB_PARAM}, $2`, 'g', '$1')).toThrow(/pg-boss/);
    expect(() => jobInsertGatedBy(`SELECT ${JOB_PARAM}`, 'g', '$3')).toThrow(/\$1/);
  });

  it('the wake-up channel is the one pg-boss listens on, and its payload the queue to fetch', async () => {
    const { rows } = await sql<{ channel: string }>`SELECT ${sql.raw(notifyChannelSql('pgboss'))} AS channel`.execute(
      t.database.db,
    );
    expect(pgBossInternals.notifyChannel('pgboss')).toBe(rows[0]?.channel);

    // A job committed without a NOTIFY, on a queue whose worker polls only every 60 s, is taken
    // at once after app.queue.wake. (If the wake-up were lost, the test would time out first.)
    const queue = 'internals.wake';
    await t.app.queue.ensureQueue(queue, { notify: false });
    const done: string[] = [];
    await t.app.queue.boss.work(
      queue,
      { pollingIntervalSeconds: 60, notifyPollingIntervalSeconds: 60 },
      async ([job]) => {
        done.push(job?.id as string);
      },
    );
    // The worker's first fetch has run; the next poll is a minute away.
    await eventually(async () =>
      t.app.queue.boss.getWipData().some((w) => w.name === queue && w.lastFetchedOn !== null) ? true : undefined,
    );
    const insert = await t.app.queue.jobInsert(queue, { n: 1 });
    const gated = `WITH g AS (SELECT 1 AS one), j AS (${jobInsertGatedBy(insert.text, 'g', '$1')}) SELECT id FROM j`;
    const id = (await t.app.database.query<{ id: string }>(gated, [insert.json])).rows[0]?.id as string;
    t.app.queue.wake(queue);
    await eventually(async () => done.includes(id), 20_000);
  }, 40_000);

  it('ensureQueue leaves the queue in pg-boss’s cache: a later send needs no query of its own', async () => {
    const queue = 'internals.cache';
    await t.app.queue.ensureQueue(queue, { notify: false });
    const own = t.app.queue.boss.getDb() as { executeSql: (...args: unknown[]) => Promise<unknown> };
    const original = own.executeSql;
    const seen: string[] = [];
    own.executeSql = async (...args: unknown[]) => {
      seen.push(String(args[0]));
      return original.apply(own, args);
    };
    try {
      await t.app.queue.jobInsert(queue, { n: 2 });
    } finally {
      own.executeSql = original;
    }
    expect(seen).toEqual([]);
  });
});
