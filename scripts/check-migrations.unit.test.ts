import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKED_FROM, checkMigrations } from './check-migrations';

const dir = mkdtempSync(path.join(tmpdir(), 'gr-check-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = Number(CHECKED_FROM);
/** Plants one migration after the baseline and answers what the check says of it. */
function check(sql: string) {
  const file = `${String(++n).padStart(4, '0')}_planted.sql`;
  writeFileSync(path.join(dir, file), sql);
  return checkMigrations(dir).filter((p) => p.file === file);
}

describe('check:migrations (decision 073: expand, then contract)', () => {
  it.each([
    ['DROP TABLE gifts;', 'drops a table'],
    ['drop   view  order_totals;', 'drops a view'],
    ['DROP TYPE order_state;', 'drops a type'],
    ['TRUNCATE order_stats_daily;', 'empties a table'],
    ['ALTER TABLE orders DROP COLUMN legacy_state;', 'drops a column'],
    ['ALTER TABLE ONLY orders DROP legacy_state, ADD COLUMN x int;', 'drops a column'],
    ['ALTER TABLE orders RENAME COLUMN note TO message;', 'renames'],
    ['ALTER TABLE orders RENAME note TO message;', 'renames'],
    ['ALTER TABLE orders RENAME TO purchases;', 'renames'],
    ['ALTER TABLE orders ALTER COLUMN amount TYPE numeric;', "changes a column's type"],
    ['ALTER TABLE orders ALTER amount SET DATA TYPE bigint USING amount::bigint;', "changes a column's type"],
    ['ALTER TABLE orders ALTER COLUMN note SET NOT NULL;', 'makes a column NOT NULL'],
    ['ALTER TABLE orders ALTER COLUMN created_at DROP DEFAULT;', 'drops a default'],
    ['ALTER TABLE orders ADD COLUMN source text NOT NULL;', 'adds a NOT NULL column without a default'],
    ['ALTER TABLE IF EXISTS orders ADD source uuid NOT NULL REFERENCES users (id);', 'adds a NOT NULL column'],
    ['-- a note about something else\nALTER TABLE orders DROP COLUMN x;', 'drops a column'],
    // A plain column added back is not the same column: its values are gone.
    ['ALTER TABLE orders DROP COLUMN note;\nALTER TABLE orders ADD COLUMN note text;', 'drops a column'],
    // A generated column added back to ANOTHER table does not replace this one.
    [
      'ALTER TABLE orders DROP COLUMN s;\nALTER TABLE gifts ADD COLUMN s text GENERATED ALWAYS AS (a) STORED;',
      'drops a column',
    ],
  ])('refuses %s', (sql, reason) => {
    const problems = check(sql);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.reason).toContain(reason);
  });

  it.each([
    ['a new table, NOT NULL columns and all', 'CREATE TABLE gifts (id uuid PRIMARY KEY, note text NOT NULL);'],
    ['a column with a default', 'ALTER TABLE orders ADD COLUMN voided_count int NOT NULL DEFAULT 0;'],
    ['a nullable column', 'ALTER TABLE orders ADD COLUMN source_id uuid;'],
    ['a generated column', 'ALTER TABLE orders ADD COLUMN total bigint NOT NULL GENERATED ALWAYS AS (a + b) STORED;'],
    ['loosening a column', "ALTER TABLE orders ALTER COLUMN note DROP NOT NULL, ALTER COLUMN note SET DEFAULT '';"],
    [
      'a constraint, added or dropped',
      'ALTER TABLE orders ADD CONSTRAINT c CHECK (a > 0) NOT VALID, DROP CONSTRAINT d;',
    ],
    ['indexes, triggers, functions', 'DROP INDEX IF EXISTS a_idx;\nDROP TRIGGER t ON orders;\nDROP FUNCTION f();'],
    [
      'a generated column replaced in the same migration (its new expression)',
      'ALTER TABLE orders DROP COLUMN search_text;\nALTER TABLE orders ADD COLUMN search_text text GENERATED ALWAYS AS (lower(a)) STORED;',
    ],
    ['a renamed constraint', 'ALTER TABLE orders RENAME CONSTRAINT a TO b;'],
    ['words in comments', '-- we DROP TABLE nothing here; ALTER TABLE x RENAME TO y\n/* DROP TABLE y; */ SELECT 1;'],
    ['words in strings', "COMMENT ON TABLE orders IS 'DROP TABLE orders; means trouble';"],
    [
      'words in a function body',
      'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN TRUNCATE scratch; END $$;\nCREATE TEMPORARY TABLE t ON COMMIT DROP AS SELECT 1;',
    ],
  ])('lets through %s', (_what, sql) => {
    expect(check(sql)).toEqual([]);
  });

  it('a contract step passes when the comment right above it names the release and the reviewer', () => {
    expect(
      check(
        'ALTER TABLE orders ADD COLUMN y int;\n' +
          '-- contract: 1.4.0 no longer reads orders.legacy_state (reviewed by ada)\n' +
          'ALTER TABLE orders DROP COLUMN legacy_state;',
      ),
    ).toEqual([]);
    // Without a reviewer, without a release, or above another statement: refused, with its line.
    const problems = check(
      '-- contract: 1.4.0 no longer reads it\nALTER TABLE orders DROP COLUMN a;\n' +
        '-- contract: soon (reviewed by ada)\nALTER TABLE orders DROP COLUMN b;\n' +
        '-- contract: 1.4.0 gone (reviewed by ada)\nSELECT 1;\nALTER TABLE orders DROP COLUMN c;',
    );
    expect(problems.map((p) => [p.line, p.statement])).toEqual([
      [2, 'ALTER TABLE orders DROP COLUMN a'],
      [4, 'ALTER TABLE orders DROP COLUMN b'],
      [7, 'ALTER TABLE orders DROP COLUMN c'],
    ]);
  });

  it('leaves the migrations before the baseline alone', () => {
    writeFileSync(path.join(dir, '0054_old.sql'), 'ALTER TABLE idempotency_keys DROP COLUMN state;');
    expect(checkMigrations(dir).filter((p) => p.file === '0054_old.sql')).toEqual([]);
  });
});
