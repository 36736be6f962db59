import { type ReactNode, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

export type ChartState = 'pending' | 'error' | 'empty' | 'ready';

interface ChartCardProps {
  id: string;
  title: string;
  description: string;
  state: ChartState;
  emptyText: string;
  onRetry: () => void;
  /** A sentence that says what the chart shows, for screen readers and as the chart's name. */
  summary?: string;
  /** The chart's figures as a table, read by screen readers instead of the picture. */
  table?: ReactNode;
  /** The chart itself, from the lazily loaded chart code. */
  children?: ReactNode;
}

/**
 * One dashboard chart with its own loading, empty and error states. Only the `ready` state
 * renders the chart, so the chart library is fetched only when there is something to draw.
 */
export function ChartCard({
  id,
  title,
  description,
  state,
  emptyText,
  onRetry,
  summary,
  table,
  children,
}: ChartCardProps) {
  const titleId = `${id}-title`;
  return (
    <Card className="flex min-w-0 flex-col p-5">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
      <div className="mt-4 flex h-56 items-center justify-center">
        {state === 'pending' && <Spinner label={`Loading ${title}`} />}
        {state === 'error' && (
          <div role="alert" className="grid justify-items-center gap-3 text-center text-sm">
            <p>This chart could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        )}
        {state === 'empty' && (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{emptyText}</p>
        )}
        {state === 'ready' && (
          <figure aria-labelledby={titleId} className="size-full">
            <figcaption className="sr-only">{summary}</figcaption>
            <Suspense fallback={<Spinner label={`Drawing ${title}`} />}>
              <div aria-hidden className="size-full">
                {children}
              </div>
            </Suspense>
            {table && <div className="sr-only">{table}</div>}
          </figure>
        )}
      </div>
    </Card>
  );
}
