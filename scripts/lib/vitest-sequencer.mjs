// The order Vitest starts its files in (decision 100). Its own order, on a fresh clone with no
// timings cached (CI, `npm test` in a new checkout), is project by project and, in each, the
// largest files first: the files that spend most of their time waiting (on a killed worker's
// heartbeat to lapse, on a child process to start, on a fuzzer's thousands of requests one after
// another) are small, so they started last, when nothing else was left to run beside their waits.
// They start first here, across the three projects, and the rest fills the cores meanwhile.
import { BaseSequencer } from 'vitest/node';

/** Files that wait more than they compute, the longest first: [project, path from the root]. */
export const WAITING_FILES = [
  ['server-postgres', 'apps/server/test/fulfilment-durability.test.ts'],
  ['server-postgres', 'apps/server/test/fuzz-api.test.ts'],
  ['server-postgres', 'apps/server/test/webhook-durability.test.ts'],
  ['server-pglite', 'apps/server/test/process.test.ts'],
  ['server-pglite', 'apps/server/test/observability.test.ts'],
  ['server-postgres', 'apps/server/test/batch-durability.test.ts'],
  ['server-postgres', 'apps/server/test/demo-live.test.ts'],
  ['server-postgres', 'apps/server/test/process.test.ts'],
  ['server-postgres', 'apps/server/test/observability.test.ts'],
  ['server-postgres', 'apps/server/test/shared-limits.test.ts'],
  ['server-postgres', 'apps/server/src/db/migrate.test.ts'],
];

export default class WaitingFirstSequencer extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec) => {
      const file = spec.moduleId.startsWith(`${root}/`) ? spec.moduleId.slice(root.length + 1) : spec.moduleId;
      const i = WAITING_FILES.findIndex(([project, path]) => project === spec.project.name && path === file);
      return i === -1 ? WAITING_FILES.length : i;
    };
    // A stable sort: the other files keep Vitest's order.
    return sorted
      .map((spec, i) => ({ spec, i, r: rank(spec) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.spec);
  }
}
