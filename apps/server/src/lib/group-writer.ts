/**
 * Group commit for small independent writes (decision 049, amended): every write handed over while
 * the event loop handles one round of I/O is written by one statement, after that round
 * (`setImmediate`), and each caller's promise settles with that statement. Nothing waits for
 * company: a lone write goes out on the very next turn. A caller is answered only once its rows
 * are committed, as before, so grouping changes the cost of a write, never what an answer means.
 *
 * When a group's statement fails and it held more than one write, each write is tried again on its
 * own, so one caller's bad rows (a constraint the edge did not check) cannot fail the others.
 */
export function groupWriter<T>(write: (items: T[]) => Promise<void>, opts: { maxItems: number }) {
  const calls = groupCaller<T, undefined>(async (items) => {
    await write(items);
    return items.map(() => undefined);
  }, opts);
  return {
    /** Resolves once `items` are written (with whatever else came in the same turn). */
    async write(items: T[]): Promise<void> {
      await calls.call(items);
    },
  };
}

/**
 * The same grouping for statements that answer each item (decision 094): `run` gets every item
 * handed over in one turn and returns one result per item, in their order; each caller gets its
 * own items' results. A failed group of several callers is run again caller by caller, as above.
 */
export function groupCaller<T, R>(run: (items: T[]) => Promise<R[]>, opts: { maxItems: number }) {
  type Waiting = { items: T[]; resolve: (results: R[]) => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let scheduled = false;

  const runOne = async (w: Waiting) => {
    const results = await run(w.items);
    if (results.length !== w.items.length) throw new Error('a grouped statement answered the wrong number of items');
    return results;
  };

  const settle = async (group: Waiting[]) => {
    try {
      const results = await runOne({ items: group.flatMap((w) => w.items), resolve: () => {}, reject: () => {} });
      let at = 0;
      for (const w of group) {
        w.resolve(results.slice(at, at + w.items.length));
        at += w.items.length;
      }
    } catch (err) {
      if (group.length === 1) {
        group[0]?.reject(err);
        return;
      }
      await Promise.all(group.map((w) => runOne(w).then(w.resolve, w.reject)));
    }
  };

  const flush = () => {
    scheduled = false;
    const taken = queue;
    queue = [];
    let group: Waiting[] = [];
    let size = 0;
    for (const w of taken) {
      if (size > 0 && size + w.items.length > opts.maxItems) {
        void settle(group);
        group = [];
        size = 0;
      }
      group.push(w);
      size += w.items.length;
    }
    if (group.length) void settle(group);
  };

  return {
    /** Resolves with `items`' results once they are run (with whatever else came in the same turn). */
    call(items: T[]): Promise<R[]> {
      return new Promise<R[]>((resolve, reject) => {
        queue.push({ items, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
