import { type Analytics, FIGURE_NOTES } from '@giftrelay/contracts';
import { Card } from '@/components/ui/card';
import { formatCount, formatMajor, formatPercent } from '@/lib/format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function analyticsFigures({ totals, currency }: Analytics) {
  return [
    // The dashboard's names and rules over the range (issue 35): one definition of each figure.
    { label: 'Load', value: formatMajor(totals.spend, currency), note: FIGURE_NOTES.monthlyLoad },
    { label: 'Gross Margin', value: formatMajor(totals.fees, currency), note: FIGURE_NOTES.grossMargin },
    {
      label: 'Orders',
      value: formatCount(totals.orders),
      note: `${formatCount(totals.completed)} delivered, ${formatCount(totals.failed)} failed`,
    },
    {
      label: 'Redemption Rate',
      value: formatPercent(totals.claimed_share),
      note: `${formatCount(totals.rewards_claimed)} of ${plural(totals.rewards_issued, 'delivered reward', 'delivered rewards')} opened`,
    },
  ];
}

/** Spend, fees, orders and the share of rewards their recipients opened, over the range. */
export function AnalyticsSummary({ analytics }: { analytics: Analytics }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {analyticsFigures(analytics).map(({ label, value, note }) => (
        <Card key={label} className="p-5">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className="mt-2 text-2xl font-bold tabular-nums">{value}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>
        </Card>
      ))}
    </dl>
  );
}
