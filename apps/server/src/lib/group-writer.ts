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
  let queue: Waiting<T, R>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const taken = queue;
    queue = [];
    settleInGroups(run, taken, opts.maxItems);
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

type Waiting<T, R> = { items: T[]; resolve: (results: R[]) => void; reject: (err: unknown) => void };

/** Runs `taken` in groups of at most `maxItems` items (never splitting a caller's), as above. */
function settleInGroups<T, R>(run: (items: T[]) => Promise<R[]>, taken: Waiting<T, R>[], maxItems: number) {
  const runOne = async (items: T[]) => {
    const results = await run(items);
    if (results.length !== items.length) throw new Error('a grouped statement answered the wrong number of items');
    return results;
  };
  const settle = async (group: Waiting<T, R>[]) => {
    try {
      const results = await runOne(group.flatMap((w) => w.items));
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
      await Promise.all(group.map((w) => runOne(w.items).then(w.resolve, w.reject)));
    }
  };
  let group: Waiting<T, R>[] = [];
  let size = 0;
  for (const w of taken) {
    if (size > 0 && size + w.items.length > maxItems) {
      void settle(group);
      group = [];
      size = 0;
    }
    group.push(w);
    size += w.items.length;
  }
  if (group.length) void settle(group);
}

/**
 * Grouping by a known set of participants rather than by turn (decision 099): the jobs of one
 * fetch, which start together and go through the same steps. Each step is a `stage`; a call to a
 * stage waits until every participant still running is waiting in one of the group's stages (or
 * has `leave`n), so that the whole fetch's loads, completions and delivery records go out as one
 * statement each, however their provider calls and SMTP sends were spread over turns. A stage
 * waits at most `maxWaitMs` after its first call, so one slow participant (a provider call that
 * takes its time) delays the others' statement by that much at most. Failures are as in
 * groupCaller: a failed group of several callers is run again caller by caller.
 */
export function participantGroup(participants: number, opts: { maxWaitMs: number; maxItems: number }) {
  let running = participants;
  let waiting = 0;
  const flushes = new Set<() => void>();
  const check = () => {
    if (running > 0 && waiting >= running) for (const flush of [...flushes]) flush();
  };
  return {
    stage<T, R>(run: (items: T[]) => Promise<R[]>) {
      let queue: Waiting<T, R>[] = [];
      let timer: NodeJS.Timeout | undefined;
      const flush = () => {
        if (timer) clearTimeout(timer);
        timer = undefined;
        flushes.delete(flush);
        const taken = queue;
        queue = [];
        waiting -= taken.length;
        settleInGroups(run, taken, opts.maxItems);
      };
      return {
        /** Resolves with the item's result once the stage has run it with the others'. */
        call(item: T): Promise<R> {
          return new Promise<R[]>((resolve, reject) => {
            queue.push({ items: [item], resolve, reject });
            waiting++;
            flushes.add(flush);
            timer ??= setTimeout(flush, opts.maxWaitMs);
            check();
          }).then(([result]) => result as R);
        },
      };
    },
    /** A participant is done: the stages no longer wait for it. */
    leave() {
      running--;
      check();
    },
  };
}
