import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import WaitingFirstSequencer, { WAITING_FILES } from './lib/vitest-sequencer.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A file of a project as the sequencer sees it on a fresh clone: no timings cached, its size known. */
function spec(project: string, file: string, size: number) {
  return {
    moduleId: path.join(root, file),
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: project === 'unit' } },
    size,
  };
}

function sequencer(specs: ReturnType<typeof spec>[]) {
  const sizes = new Map(specs.map((s) => [`${s.project.name}:${path.relative(root, s.moduleId)}`, { size: s.size }]));
  const ctx = {
    config: { root },
    cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => sizes.get(key) },
  };
  return new WaitingFirstSequencer(ctx as never);
}

describe('the order Vitest starts its files in (decision 100)', () => {
  it('starts the files that mostly wait first, in the listed order, and keeps Vitest’s order for the rest', async () => {
    const specs = [
      spec('unit', 'packages/money/src/money.test.ts', 9_000),
      spec('server-pglite', 'apps/server/src/modules/orders/orders.test.ts', 30_000),
      spec('server-pglite', 'apps/server/test/process.test.ts', 3_000),
      spec('server-postgres', 'apps/server/src/modules/orders/orders.test.ts', 30_000),
      spec('server-postgres', 'apps/server/test/role-matrix.test.ts', 42_000),
      spec('server-postgres', 'apps/server/test/webhook-durability.test.ts', 8_000),
      spec('server-postgres', 'apps/server/test/fulfilment-durability.test.ts', 17_000),
    ];
    const sorted = (await sequencer(specs).sort(specs as unknown as TestSpecification[])) as unknown as ReturnType<
      typeof spec
    >[];
    expect(sorted.map((s) => `${s.project.name} ${path.relative(root, s.moduleId)}`)).toEqual([
      'server-postgres apps/server/test/fulfilment-durability.test.ts',
      'server-postgres apps/server/test/webhook-durability.test.ts',
      'server-pglite apps/server/test/process.test.ts',
      // Vitest's own order: project by project, the largest files first.
      'server-pglite apps/server/src/modules/orders/orders.test.ts',
      'server-postgres apps/server/test/role-matrix.test.ts',
      'server-postgres apps/server/src/modules/orders/orders.test.ts',
      'unit packages/money/src/money.test.ts',
    ]);
  });

  it('names files that exist', () => {
    for (const [, file] of WAITING_FILES) expect(existsSync(path.join(root, file)), file).toBe(true);
  });
});
