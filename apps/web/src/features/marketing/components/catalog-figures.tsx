import type { ReactNode } from 'react';
import { type CatalogStats, useCatalogStats } from '../api/get-catalog-stats';

const count = new Intl.NumberFormat('en-US');

/** A number our catalogue states, marked so a test can compare it with the API. */
export function Figure({ name, value }: { name: keyof Omit<CatalogStats, 'categories'>; value: number }) {
  return <strong data-catalog-figure={name}>{count.format(value)}</strong>;
}

/**
 * Renders `withStats` once the catalogue's figures are known and `fallback` until then (or when
 * they cannot be read): a number is shown only when it came from the data.
 */
export function CatalogFigures({
  withStats,
  fallback,
}: {
  withStats: (stats: CatalogStats) => ReactNode;
  fallback: ReactNode;
}) {
  const { data } = useCatalogStats();
  return <>{data && data.products > 0 ? withStats(data) : fallback}</>;
}
