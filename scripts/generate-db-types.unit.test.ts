import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dbDir = path.join(root, 'apps/server/src/db');
const copy = mkdtempSync(path.join(tmpdir(), 'db-types-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('check:db-types', () => {
  it('fails naming the one generated file that differs from what the migrations make', async () => {
    for (const name of ['generated.ts', 'schema.ts', 'schema.sql'])
      cpSync(path.join(dbDir, name), path.join(copy, name));
    // A trigger dropped by hand, as a migration that forgot to regenerate would leave it.
    const sqlFile = path.join(copy, 'schema.sql');
    const before = readFileSync(sqlFile, 'utf8');
    const after = before.replace(/^CREATE TRIGGER orders_take_mode .*\n/m, '');
    expect(after).not.toBe(before);
    writeFileSync(sqlFile, after);

    const run = promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/generate-db-types.ts', '--verify', '--dir', copy],
      { cwd: root },
    );
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const stderr = failure?.stderr ?? '';
    expect(stderr).toContain('schema.sql is not what the migrations make');
    // The two files left as committed are what the migrations make.
    expect(stderr).not.toContain('schema.ts is not');
    expect(stderr).not.toContain('generated.ts is not');
  }, 180_000);
});
