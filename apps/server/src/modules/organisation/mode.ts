import type { OrderMode } from '@giftrelay/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * Whose orders (and rollups): one organisation's, of one mode (decision 045). `sandbox` left out means the
 * organisation's mode now, read in the same statement: a live organisation sees and counts its live
 * orders, however many it placed in sandbox mode before going live.
 */
export interface Scope {
  organisationId: string;
  sandbox?: boolean;
}

/** The `mode` a listing or a report asks for as the orders' `sandbox`; none: the organisation's mode now. */
export const sandboxOf = (mode: OrderMode | undefined): boolean | undefined =>
  mode === undefined ? undefined : mode === 'sandbox';

/** The value an order's (or a rollup row's) `sandbox` must have to be in the scope. */
export function modeOf(scope: Scope): RawBuilder<boolean> {
  return scope.sandbox === undefined
    ? sql<boolean>`(SELECT g.sandbox FROM organisations g WHERE g.id = ${scope.organisationId})`
    : sql<boolean>`${scope.sandbox}`;
}
