import { describe, expect, it } from 'vitest';
import { findTableUses, foreignUses } from './check-table-owners';

const TABLES = new Set(['orders', 'rewards', 'ledger_accounts', 'organisations']);
const OWNERS = { orders: 'orders', rewards: 'orders', ledger_accounts: 'ledger', organisations: 'organisation' };
const uses = (source: string) => findTableUses(source, TABLES);

describe('the table ownership check', () => {
  it('flags a module writing a table another module owns, and accepts its own', () => {
    const source = `
      export async function accept(tx) {
        await tx.insertInto('orders').values(rows).execute();
        await tx.updateTable('ledger_accounts').set({ balance_minor: 0 }).execute();
      }`;
    const foreign = foreignUses('orders', uses(source), OWNERS, []);
    expect(foreign).toEqual([{ table: 'ledger_accounts', access: 'write', line: 4 }]);
  });

  it('reads SQL in sql templates, in plain statement text, and in aliased and listed kysely tables', () => {
    const source = `
      const a = sql\`DELETE FROM rewards WHERE id = \${id}\`;
      const b = \`WITH h AS (UPDATE ledger_accounts SET x = 1 RETURNING id) SELECT 1\`;
      db.selectFrom(['orders as o', 'organisations as g']).leftJoin('rewards as r', 'r.order_id', 'o.id');
      const note = 'copied from orders by the batch';
      sql\`SELECT count(*) FILTER (WHERE status = 'issued') FROM \${sql.table('organisations')}\`;`;
    expect(uses(source).map((u) => `${u.line} ${u.access} ${u.table}`)).toEqual(
      expect.arrayContaining([
        '2 write rewards',
        '3 write ledger_accounts',
        '4 read orders',
        '4 read organisations',
        '4 read rewards',
        '6 read organisations',
      ]),
    );
    expect(uses(source)).toHaveLength(6);
  });

  it('allows what an exception lists, and a read exception does not allow a write', () => {
    const source = `
      db.selectFrom('organisations').select('name');
      db.updateTable('organisations').set({ name: 'x' });`;
    const readOnly = [{ module: 'orders', table: 'organisations', access: 'read' as const, why: 'names' }];
    expect(foreignUses('orders', uses(source), OWNERS, readOnly)).toEqual([
      { table: 'organisations', access: 'write', line: 3 },
    ]);
    const write = [{ ...readOnly[0], access: 'write' as const }];
    expect(foreignUses('orders', uses(source), OWNERS, write as never)).toEqual([]);
  });

  it('ignores names that are not tables and words that are not SQL, and reads sql.table() by the words before it', () => {
    const source = `
      db.with('matched', (qb) => qb.selectFrom('orders')).selectFrom('matched');
      sql\`INSERT INTO orders (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = excluded.id FOR UPDATE\`;
      throw new Error('no update for orders');
      sql\`DELETE FROM \${sql.table('rewards')} WHERE id = \${id}\`;`;
    expect(uses(source).map((u) => `${u.access} ${u.table}`)).toEqual(['read orders', 'write orders', 'write rewards']);
  });
});
