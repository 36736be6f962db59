import type { Analytics } from '@giftrelay/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount, formatMajor } from '@/lib/format';
import { type BreakdownKind, breakdownLabel } from '../utils/labels';

/** How many rows show before "Show all": the long tail of brands stays out of the way. */
export const BREAKDOWN_ROWS = 8;

const TITLES: Record<BreakdownKind, { title: string; column: string }> = {
  brand: { title: 'By brand', column: 'Brand' },
  category: { title: 'By category', column: 'Category' },
  country: { title: 'By country', column: 'Country' },
};

type Row = Analytics['by_brand'][number];

/** A breakdown as a table whose first column carries a bar of its share of the top spend. */
export function BreakdownCard({ kind, rows, currency }: { kind: BreakdownKind; rows: Row[]; currency: string }) {
  const [isExpanded, setExpanded] = useState(false);
  const { title, column } = TITLES[kind];
  const headingId = `breakdown-${kind}`;
  const max = rows.reduce((m, r) => Math.max(m, r.spend), 0);
  const shown = isExpanded ? rows : rows.slice(0, BREAKDOWN_ROWS);
  return (
    <Card className="min-w-0 p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">Nothing in this range.</p>
      ) : (
        <table aria-labelledby={headingId} className="mt-3 w-full table-fixed text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 font-medium">
                {column}
              </th>
              <th scope="col" className="w-24 py-2 text-right font-medium">
                Spend
              </th>
              <th scope="col" className="w-16 py-2 text-right font-medium">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} className="border-t">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <span className="block truncate" title={breakdownLabel(kind, row.key)}>
                    {breakdownLabel(kind, row.key)}
                  </span>
                  <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-muted">
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${max > 0 ? Math.max(2, (row.spend / max) * 100) : 0}%` }}
                    />
                  </span>
                </th>
                <td className="py-2 text-right tabular-nums">{formatMajor(row.spend, currency)}</td>
                <td className="py-2 text-right tabular-nums">{formatCount(row.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > BREAKDOWN_ROWS && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          aria-expanded={isExpanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {isExpanded ? 'Show fewer' : `Show all ${formatCount(rows.length)}`}
        </Button>
      )}
    </Card>
  );
}
