import { describe, expect, it } from 'vitest';
import { type RateLimitRule, SharedWindows } from './rate-limits';

/**
 * rate_limit_counters as the database keeps it: one count per key and window, every process's
 * leases added to it. Calls settle in the order they were made, as statements on one row do.
 */
function sharedCounter(windowMs: number, clock: { now: number }) {
  const rows = new Map<string, { hits: number; endsAt: number }>();
  let calls = 0;
  return {
    calls: () => calls,
    async countHits(rule: RateLimitRule, subject: string, hits: number) {
      calls++;
      await Promise.resolve();
      const key = `${rule.name}:${subject}`;
      let row = rows.get(key);
      if (!row || row.endsAt <= clock.now) {
        row = { hits: 0, endsAt: clock.now + windowMs };
        rows.set(key, row);
      }
      row.hits += hits;
      return { hits: row.hits, endsInMs: row.endsAt - clock.now };
    },
  };
}

const rule: RateLimitRule = { name: 'org-api', limit: 0, windowSeconds: 60 };
const failOnError = (err: unknown) => {
  throw err;
};

describe('SharedWindows: one budget leased by several processes', () => {
  it('three processes asking at random together grant exactly the limit, and far fewer round trips than requests', async () => {
    const clock = { now: 1_000_000 };
    const db = sharedCounter(60_000, clock);
    const processes = [0, 1, 2].map(() => new SharedWindows(db.countHits, failOnError, () => clock.now));
    const pick = (i: number) => processes[i % processes.length] as SharedWindows;
    let allowed = 0;
    let refused = 0;
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    // 1,500 requests in bursts of 10 concurrent ones, each burst to a random process.
    for (let burst = 0; burst < 150; burst++) {
      const p = pick(next());
      const answers = await Promise.all(Array.from({ length: 10 }, () => p.take(rule, 'org-1', 1200)));
      for (const a of answers) a.isAllowed ? allowed++ : refused++;
    }
    // Every process ends by refusing: none of them holds hits the others could not have.
    expect(allowed).toBeLessThanOrEqual(1200);
    expect(allowed).toBeGreaterThanOrEqual(1200 - 2 * 24);
    expect(allowed + refused).toBe(1500);
    expect(db.calls()).toBeLessThan(200);
  });

  it('a limit small enough is exact and counts down like a single counter', async () => {
    const clock = { now: 0 };
    const db = sharedCounter(60_000, clock);
    const a = new SharedWindows(db.countHits, failOnError, () => clock.now);
    const b = new SharedWindows(db.countHits, failOnError, () => clock.now);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await (i % 2 ? b : a).take(rule, 'org-1', 5));
    expect(answers.map((q) => q.isAllowed)).toEqual([true, true, true, true, true, false, false]);
    expect(answers.map((q) => q.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(answers.every((q) => q.resetSeconds === 60)).toBe(true);
  });

  it('once the database says the window is spent, a process refuses from memory until it ends, then starts anew', async () => {
    const clock = { now: 0 };
    const db = sharedCounter(60_000, clock);
    const p = new SharedWindows(db.countHits, failOnError, () => clock.now);
    for (let i = 0; i < 3; i++) expect((await p.take(rule, 'org-1', 3)).isAllowed).toBe(true);
    const calls = db.calls();
    clock.now += 45_000;
    const refused = [];
    for (let i = 0; i < 5; i++) refused.push(await p.take(rule, 'org-1', 3));
    expect(refused.every((q) => !q.isAllowed && q.resetSeconds === 15)).toBe(true);
    // The lease that took the last hit learnt the window was spent: the refusals cost no round trip.
    expect(db.calls()).toBe(calls);
    clock.now += 15_000;
    const again = await p.take(rule, 'org-1', 3);
    expect(again).toMatchObject({ isAllowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('subjects and rules are counted apart', async () => {
    const clock = { now: 0 };
    const db = sharedCounter(60_000, clock);
    const p = new SharedWindows(db.countHits, failOnError, () => clock.now);
    expect((await p.take(rule, 'org-1', 1)).isAllowed).toBe(true);
    expect((await p.take(rule, 'org-1', 1)).isAllowed).toBe(false);
    expect((await p.take(rule, 'org-2', 1)).isAllowed).toBe(true);
    expect((await p.take({ ...rule, name: 'org-orders' }, 'org-1', 1)).isAllowed).toBe(true);
  });

  it('without the database the limiter lets requests through and reports it (the request fails on its own)', async () => {
    const errors: unknown[] = [];
    const p = new SharedWindows(
      async () => {
        throw new Error('connection refused');
      },
      (err) => errors.push(err),
    );
    expect((await p.take(rule, 'org-1', 10)).isAllowed).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
