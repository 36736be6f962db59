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

/** Keeps only the keys whose value is not `never`. */
type Clean<R> = { [K in keyof R as R[K] extends never ? never : K]: R[K] };

/**
 * One table's problems, column by column. Checked table by table (a distributive conditional
 * below): one mapped type over every table's columns at once grew past what the compiler can
 * represent as tables were added (TS2590).
 */
type RowProblems<G, S> = Clean<{
  [C in keyof G | keyof S]: C extends keyof S
    ? C extends keyof G
      ? ColumnProblem<G[C], S[C]>
      : 'not in the database'
    : 'missing from schema.ts';
}>;
type TableProblems<T extends Table> = RowProblems<Selectable<DB[T]>, Selectable<Database[T]>>;

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
type Expected<T extends Table> = T extends keyof Known ? Known[T] : {};
/** The tables whose problems are not exactly the known ones. */
type Mismatched = Table extends infer T
  ? T extends Table
    ? Same<TableProblems<T>, Expected<T>> extends true
      ? never
      : T
    : never
  : never;
export type TablesMatch = Expect<Same<keyof DB, keyof Database>>;
export type ColumnsMatch = Expect<Same<Mismatched, never>>;
// Assigning makes tsc print the differences table by table when they change.
export const problems: { [T in Mismatched]: TableProblems<T> } = {} as { [T in Mismatched]: Expected<T> };
