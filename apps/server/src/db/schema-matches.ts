import type { Selectable } from 'kysely';
import type { DB } from './generated';
import type { Database } from './schema';

/**
 * Type-checked only: `db/schema.ts` (the types the code uses: generated.ts narrowed by the override
 * map in scripts/db-column-types.ts, decision 070) against `db/generated.ts` (what the migrations
 * make, from kysely-codegen). Both are generated from the same database, so the tables and columns
 * agree; what this keeps true is that each override stays within the column: its selected type
 * equal to or narrower than the database's, nullable exactly when the column is. `npm run check`
 * fails on any difference; the error names the table and column.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Table = keyof DB & keyof Database;

type ColumnProblem<G, S> = [S] extends [G]
  ? Same<null extends G ? 1 : 0, null extends S ? 1 : 0> extends true
    ? never
    : 'nullability differs'
  : 'type is wider than the column';

type Problems = {
  [T in Table]: {
    [C in keyof DB[T] | keyof Database[T]]: C extends keyof Selectable<Database[T]>
      ? C extends keyof Selectable<DB[T]>
        ? ColumnProblem<Selectable<DB[T]>[C], Selectable<Database[T]>[C]>
        : 'not in the database'
      : 'missing from schema.ts';
  } extends infer R
    ? { [K in keyof R as R[K] extends never ? never : K]: R[K] }
    : never;
} extends infer P
  ? { [K in keyof P as keyof P[K] extends never ? never : K]: P[K] }
  : never;

/**
 * The differences left, listed exactly so a new one fails, and so does fixing it without
 * removing it here: `order_events.payload` is always a JSON object, which the `jsonb` column's
 * type (any JSON value, `null` included) does not say. The others found when this check was added
 * (decision 018) are gone (decision 023): bigint columns are text on both engines, `date` columns
 * Dates, bytea a Uint8Array (a Buffer on node-postgres), and `orders.search_text` is in schema.ts.
 */
type Known = {
  order_events: { payload: 'nullability differs' };
  // An audit entry's detail is always an object the code writes as text (decision 026).
  audit_events: { detail: 'type is wider than the column' };
  // An event's data is always the object its type describes (decision 027).
  events: { data: 'type is wider than the column' };
  // A batch row's input is always an object of cells, and its prepared order an order row (decision 043).
  batch_rows: { input: 'nullability differs'; prepared: 'type is wider than the column' };
  // A blog draft's edits are always an object of texts by variant letter (decision 050).
  blog_drafts: { variant_edits: 'nullability differs' };
  // A landing page's copy is always a LandingCopy object (decision 051).
  landing_pages: { copy: 'nullability differs' };
};

type Expect<T extends true> = T;
export type TablesMatch = Expect<Same<keyof DB, keyof Database>>;
export type ColumnsMatch = Expect<Same<Problems, Known>>;
// Assigning makes tsc print the differences table by table when they change.
export const problems: Problems = {} as Known;
