import { type Dashboard, FIGURE_NOTES } from '@giftrelay/contracts';
import { CreditCard, Percent, ShoppingBag, TrendingUp } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card } from '@/components/ui/card';
import { formatCount, formatMajor, formatMonth, formatPercent } from '@/lib/format';

interface Figure {
  label: string;
  value: string;
  note: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

export function summaryFigures(dashboard: Dashboard): Figure[] {
  return [
    {
      label: 'Monthly Load',
      value: formatMajor(dashboard.monthly_load, dashboard.currency),
      note: FIGURE_NOTES.monthlyLoad,
      icon: CreditCard,
    },
    {
      label: 'Gross Margin',
      value: formatMajor(dashboard.gross_margin, dashboard.currency),
      note: FIGURE_NOTES.grossMargin,
      icon: TrendingUp,
    },
    { label: 'Orders', value: formatCount(dashboard.orders), note: FIGURE_NOTES.orders, icon: ShoppingBag },
    {
      label: 'Redemption Rate',
      value: formatPercent(dashboard.redemption_rate),
      note: FIGURE_NOTES.redemptionRate,
      icon: Percent,
    },
  ];
}

/** The four cards of the current calendar month (UTC), computed by the server over every order. */
export function SummaryCards({ dashboard }: { dashboard: Dashboard }) {
  const month = formatMonth(dashboard.period.from);
  return (
    <section aria-labelledby="summary-heading" className="mt-6">
      <h2 id="summary-heading" className="text-sm text-muted-foreground">
        This month: <span className="font-medium text-foreground">{month}</span> (UTC)
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {summaryFigures(dashboard).map(({ label, value, note, icon: Icon }) => (
          <Card key={label} className="p-5">
            <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
              {label}
              <Icon className="size-4" aria-hidden />
            </dt>
            <dd className="mt-2 text-2xl font-bold tabular-nums">{value}</dd>
            <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** The cards' shape while the figures load, so nothing jumps when they arrive. */
export function SummaryCardsSkeleton() {
  return (
    <div className="mt-6" aria-hidden>
      <div className="h-5 w-40 animate-pulse rounded bg-muted" />
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {['load', 'margin', 'orders', 'rate'].map((key) => (
          <Card key={key} className="h-[7.5rem] animate-pulse p-5">
            <div className="h-4 w-24 rounded bg-muted" />
            <div className="mt-3 h-7 w-32 rounded bg-muted" />
          </Card>
        ))}
      </div>
    </div>
  );
}
