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
  type Waiting = { items: T[]; resolve: () => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let scheduled = false;

  const settle = async (group: Waiting[]) => {
    try {
      await write(group.flatMap((w) => w.items));
      for (const w of group) w.resolve();
    } catch (err) {
      if (group.length === 1) {
        group[0]?.reject(err);
        return;
      }
      await Promise.all(
        group.map((w) =>
          write(w.items).then(
            () => w.resolve(),
            (e) => w.reject(e),
          ),
        ),
      );
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
    /** Resolves once `items` are written (with whatever else came in the same turn). */
    write(items: T[]): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ items, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
