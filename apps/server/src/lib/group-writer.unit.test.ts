import { describe, expect, it } from 'vitest';
import { groupCaller, groupWriter } from './group-writer';

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('groupWriter', () => {
  it('writes what is handed over in one turn with one call, and each caller waits for it', async () => {
    const calls: number[][] = [];
    let release: () => void = () => {};
    const w = groupWriter<number>(
      (items) => {
        calls.push(items);
        return new Promise<void>((r) => {
          release = r;
        });
      },
      { maxItems: 100 },
    );
    let settled = 0;
    const all = [w.write([1, 2]), w.write([3]), w.write([4, 5, 6])].map((p) => p.then(() => settled++));
    await turn();
    expect(calls).toEqual([[1, 2, 3, 4, 5, 6]]);
    // Not answered before the write itself is done.
    await turn();
    expect(settled).toBe(0);
    release();
    await Promise.all(all);
    expect(settled).toBe(3);
  });

  it('a lone write goes on the next turn; later turns make later calls', async () => {
    const calls: number[][] = [];
    const w = groupWriter<number>(
      async (items) => {
        calls.push(items);
      },
      { maxItems: 100 },
    );
    await w.write([1]);
    await w.write([2]);
    expect(calls).toEqual([[1], [2]]);
  });

  it('splits a turn into calls of at most maxItems, never splitting one caller’s items', async () => {
    const calls: number[][] = [];
    const w = groupWriter<number>(
      async (items) => {
        calls.push(items);
      },
      { maxItems: 4 },
    );
    await Promise.all([w.write([1, 2, 3]), w.write([4, 5]), w.write([6]), w.write([7, 8, 9, 10, 11])]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9, 10, 11],
    ]);
  });

  it('when a group fails, each caller is tried alone: only the one whose items fail is refused', async () => {
    const calls: number[][] = [];
    const w = groupWriter<number>(
      async (items) => {
        calls.push(items);
        if (items.includes(13)) throw new Error('constraint');
      },
      { maxItems: 100 },
    );
    const results = await Promise.allSettled([w.write([1]), w.write([13, 14]), w.write([2])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('constraint');
    expect(calls).toEqual([[1, 13, 14, 2], [1], [13, 14], [2]]);
  });

  it('a lone caller’s failure reaches it once, without a second try', async () => {
    let tries = 0;
    const w = groupWriter<number>(
      async () => {
        tries++;
        throw new Error('down');
      },
      { maxItems: 100 },
    );
    await expect(w.write([1])).rejects.toThrow('down');
    expect(tries).toBe(1);
  });
});

describe('groupCaller', () => {
  it("runs a turn's items with one call and answers each caller with its own items' results", async () => {
    const calls: number[][] = [];
    const c = groupCaller<number, number>(
      async (items) => {
        calls.push(items);
        return items.map((n) => n * 10);
      },
      { maxItems: 100 },
    );
    const answers = await Promise.all([c.call([1, 2]), c.call([3]), c.call([4, 5])]);
    expect(calls).toEqual([[1, 2, 3, 4, 5]]);
    expect(answers).toEqual([[10, 20], [30], [40, 50]]);
  });

  it('a failed group is run again caller by caller: only the bad caller fails', async () => {
    const calls: number[][] = [];
    const c = groupCaller<number, number>(
      async (items) => {
        calls.push(items);
        if (items.includes(13)) throw new Error('bad item');
        return items.map((n) => n + 1);
      },
      { maxItems: 100 },
    );
    const answers = await Promise.allSettled([c.call([1]), c.call([13]), c.call([2])]);
    expect(calls).toEqual([[1, 13, 2], [1], [13], [2]]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[0]).toMatchObject({ value: [2] });
    expect(answers[2]).toMatchObject({ value: [3] });
  });

  it('a run answering the wrong number of results fails its callers', async () => {
    const c = groupCaller<number, number>(async () => [1], { maxItems: 100 });
    await expect(c.call([1, 2])).rejects.toThrow('wrong number');
  });
});
