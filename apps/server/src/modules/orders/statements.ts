/**
 * Hand-built SQL for the orders hot path (place-order-statement.ts, complete-order-statement.ts),
 * with two guarantees that a query builder would otherwise give:
 *
 * - Parameters are named. `placeholder(name)` is `$n` for a declared name and THROWS for any
 *   other, so a misspelt or removed name fails the first time the text is built, never binding
 *   the wrong value; `values(record)` lays the values out in the declared order and throws when
 *   one is missing, so the text and the values cannot drift apart.
 * - One cache of built texts serves every statement, keyed by the statement's kind and whatever
 *   shapes its text (pg-boss's job insert, keyed or not), each with a stable prepared-statement name.
 */
export class NamedParameters<N extends string> {
  readonly #index: Map<string, number>;

  constructor(readonly names: readonly N[]) {
    this.#index = new Map(names.map((n, i) => [n, i + 1]));
    if (this.#index.size !== names.length) throw new Error(`duplicate statement parameter in ${names.join(', ')}`);
  }

  /** `$n` for the parameter `name`; throws for a name that was not declared. */
  placeholder(name: string): string {
    const i = this.#index.get(name);
    if (i === undefined) throw new Error(`unknown statement parameter "${name}"`);
    return `$${i}`;
  }

  /** The values in the declared order; throws when one is missing (undefined: pass null). */
  values(record: Record<N, unknown>): unknown[] {
    return this.names.map((n) => {
      const v = record[n];
      if (v === undefined) throw new Error(`no value for statement parameter "${n}"`);
      return v;
    });
  }
}

const built = new Map<string, { text: string; name: string }>();

/** The statement `build` makes for (`kind`, `shape`), built once per process, with its prepared name. */
export function cachedStatement(kind: string, shape: string, build: () => string): { text: string; name: string } {
  const key = `${kind}\0${shape}`;
  let s = built.get(key);
  if (!s) {
    s = { text: build(), name: `${kind}_${built.size}` };
    built.set(key, s);
  }
  return s;
}
