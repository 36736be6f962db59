import { type ComponentProps, lazy, Suspense } from 'react';
import type { TimeBarChart as TimeBarChartType } from './bar-charts';
import { Card } from './card';
import { FiguresTable } from './figures-table';
import { Spinner } from './spinner';

// recharts arrives in its own chunk, after the figures around it.
const TimeBarChart = lazy(() => import('./bar-charts').then((m) => ({ default: m.TimeBarChart })));

interface TimeSeriesCardProps {
  /** The heading's id, which names the figure. */
  id: string;
  title: string;
  description: string;
  /** The chart's height class: `h-64`. */
  heightClass: string;
  /** The series in a sentence (the total and the peak), for screen readers. */
  summary: string;
  chart: ComponentProps<typeof TimeBarChartType>;
  /** The same figures as a table for screen readers: the first cell of a row is its header. */
  table: { caption: string; head: string[]; rows: string[][] };
}

/** A series over time as a picture for sight, and as a sentence and a table for screen readers. */
export function TimeSeriesCard({ id, title, description, heightClass, summary, chart, table }: TimeSeriesCardProps) {
  return (
    <Card className="min-w-0 p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
      <figure aria-labelledby={id} className={`mt-4 ${heightClass}`}>
        <figcaption className="sr-only">{summary}</figcaption>
        <Suspense
          fallback={
            <div className="flex size-full items-center justify-center">
              <Spinner label="Drawing the chart" />
            </div>
          }
        >
          <div aria-hidden className="size-full">
            <TimeBarChart {...chart} />
          </div>
        </Suspense>
        <FiguresTable className="sr-only" caption={table.caption} head={table.head} rows={table.rows} />
      </figure>
    </Card>
  );
}
