import { type DashboardCharts as Charts, FIGURE_NOTES, type OrderMode, recipientOf } from '@giftrelay/contracts';
import { exponentOf } from '@giftrelay/money';
import { lazy, type ReactNode } from 'react';
import { FiguresTable } from '@/components/ui/figures-table';
import { formatCount, formatDay, formatMajor } from '@/lib/format';
import { useDashboardCharts } from '../api/get-dashboard-charts';
import { ChartCard, type ChartState } from './chart-card';

// recharts arrives in its own chunk, after the cards, and only when a chart has data to draw.
const TimeBarChart = lazy(() => import('@/components/ui/bar-charts').then((m) => ({ default: m.TimeBarChart })));
const RankedBarChart = lazy(() => import('@/components/ui/bar-charts').then((m) => ({ default: m.RankedBarChart })));

/** What the three charts say in words, for their captions and screen readers. */
export function chartSummaries(charts: Charts) {
  const money = (v: number) => formatMajor(v, charts.currency);
  const unit = 10 ** exponentOf(charts.currency);
  const total = charts.load_by_day.reduce((sum, d) => sum + Math.round(d.value * unit), 0) / unit;
  const peak = charts.load_by_day.reduce<Charts['load_by_day'][number] | undefined>(
    (best, d) => (d.value > (best?.value ?? 0) ? d : best),
    undefined,
  );
  // The days themselves, inclusive (the period's `to` is the day after the last).
  const first = charts.load_by_day[0]?.date ?? charts.period.from;
  const last = charts.load_by_day.at(-1)?.date ?? charts.period.to;
  return {
    loadByDay: peak
      ? `${money(total)} loaded from ${formatDay(first)} to ${formatDay(last)}; the highest day was ${formatDay(peak.date)} with ${money(peak.value)}.`
      : 'No load in the last 30 days.',
    topBrands: charts.top_brands.map((b) => `${b.brand} ${money(b.value)}`).join(', '),
    topCustomers: charts.top_customers.map((c) => `${c.recipient_email} ${money(c.value)}`).join(', '),
  };
}

interface ChartSpec {
  id: string;
  title: string;
  description: string;
  emptyText: string;
  isEmpty: (d: Charts) => boolean;
  summary: (s: ReturnType<typeof chartSummaries>) => string;
  caption: string;
  head: string[];
  rows: (d: Charts, money: (v: number) => string) => string[][];
  chart: (d: Charts) => ReactNode;
}

const CHARTS: ChartSpec[] = [
  {
    id: 'load-by-day',
    title: 'Load Value by Day',
    description: 'Totals charged each day, last 30 days (UTC)',
    emptyText: 'No rewards sent in the last 30 days',
    isEmpty: (d) => d.load_by_day.every((p) => p.value === 0),
    summary: (s) => s.loadByDay,
    caption: 'Load value by day',
    head: ['Day', 'Load'],
    rows: (d, money) => d.load_by_day.filter((p) => p.value > 0).map((p) => [formatDay(p.date), money(p.value)]),
    chart: (d) => (
      <TimeBarChart
        data={d.load_by_day}
        xKey="date"
        yKey="value"
        currency={d.currency}
        tickLabel={(x) => formatDay(x, { short: true })}
        tooltipLabel={(x) => formatDay(x)}
        valueName="Load"
      />
    ),
  },
  {
    id: 'top-brands',
    title: 'Top Brands',
    description: 'Brands by value sent, last 30 days',
    emptyText: 'No brands to rank yet',
    isEmpty: (d) => d.top_brands.length === 0,
    summary: (s) => s.topBrands,
    caption: 'Top brands by value',
    head: ['Brand', 'Value', 'Orders'],
    rows: (d, money) => d.top_brands.map((b) => [b.brand, money(b.value), formatCount(b.orders)]),
    chart: (d) => (
      <RankedBarChart data={d.top_brands.map((b) => ({ label: b.brand, value: b.value }))} currency={d.currency} />
    ),
  },
  {
    id: 'top-customers',
    title: 'Top Customers',
    description: `${FIGURE_NOTES.topCustomers}, last 30 days`,
    emptyText: 'No recipients to rank yet',
    isEmpty: (d) => d.top_customers.length === 0,
    summary: (s) => s.topCustomers,
    caption: 'Top customers by value',
    head: ['Recipient', 'Value', 'Orders'],
    rows: (d, money) => d.top_customers.map((c) => [recipientOf(c), money(c.value), formatCount(c.orders)]),
    chart: (d) => (
      <RankedBarChart
        data={d.top_customers.map((c) => ({ label: recipientOf(c), value: c.value }))}
        currency={d.currency}
      />
    ),
  },
];

/** Load Value by Day, Top Brands and Top Customers over the last 30 days, each with its own states. */
export function DashboardCharts({ hasPending, mode }: { hasPending: boolean | undefined; mode?: OrderMode }) {
  const charts = useDashboardCharts(hasPending, mode);
  const data = charts.data;
  const summaries = data ? chartSummaries(data) : undefined;
  const money = (v: number) => (data ? formatMajor(v, data.currency) : '');

  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-3">
      {CHARTS.map((spec) => {
        const state: ChartState = data
          ? spec.isEmpty(data)
            ? 'empty'
            : 'ready'
          : charts.isError
            ? 'error'
            : 'pending';
        return (
          <ChartCard
            key={spec.id}
            id={spec.id}
            title={spec.title}
            description={spec.description}
            state={state}
            emptyText={spec.emptyText}
            onRetry={() => void charts.refetch()}
            summary={summaries && spec.summary(summaries)}
            table={data && <FiguresTable caption={spec.caption} head={spec.head} rows={spec.rows(data, money)} />}
          >
            {data && spec.chart(data)}
          </ChartCard>
        );
      })}
    </div>
  );
}
