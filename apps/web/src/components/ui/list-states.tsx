import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { LoadError } from './load-error';

/** Placeholder rows while a list loads; `label` makes it a status that says what is loading. */
export function ListSkeleton({
  label,
  rows = 1,
  rowClassName = 'h-12 rounded-lg',
  className = 'grid gap-2',
}: {
  label?: string;
  rows?: number;
  /** Each row's height and corners: `h-16 rounded-lg`. */
  rowClassName?: string;
  className?: string;
}) {
  const bars = Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
    <div key={i} className={cn('animate-pulse bg-muted', rowClassName)} />
  ));
  return label ? (
    <div role="status" aria-label={label} className={className}>
      {bars}
    </div>
  ) : (
    <div className={className}>{bars}</div>
  );
}

/** A list with nothing in it yet (or nothing matching): an icon, a line, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
      <Icon aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/** What a list needs of its query (TanStack Query's result has it). */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  isFetching: boolean;
  refetch: () => unknown;
}

interface ListStatesProps<T> {
  query: ListQuery<T>;
  /** Usually a ListSkeleton. */
  loading: ReactNode;
  /** What could not be loaded, as a sentence: "We could not load your API keys." */
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A loaded list's four states in one order: loading, failed (with Try again), empty, the list.
 * A failed refetch shows the error even over earlier data, as each list did before.
 */
export function ListStates<T>({ query, loading, errorTitle, isEmpty, empty, children }: ListStatesProps<T>) {
  if (query.isPending) return loading;
  if (query.isError && query.error) {
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (query.data === undefined) return loading;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
