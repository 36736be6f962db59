import { CTA_TYPE_LABELS, CTA_TYPES, type SiteFigures } from '@giftrelay/contracts';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatCount, formatPercent } from '@/lib/format';

interface FiguresTableProps<R extends SiteFigures> {
  id: string;
  title: string;
  /** The first column's heading ("Page", "Campaign") and each row's name in it. */
  column: string;
  rows: R[];
  rowKey: (row: R) => string;
  rowName: (row: R) => ReactNode;
}

const th = 'px-3 py-2 text-right font-medium whitespace-nowrap';
const td = 'px-3 py-2 text-right tabular-nums';

/**
 * One row per page or campaign: views, unique sessions, CTA clicks in total and by type, leads
 * and conversion. Scrolls sideways on a phone; the region takes focus so a keyboard can scroll it.
 */
export function FiguresTable<R extends SiteFigures>({
  id,
  title,
  column,
  rows,
  rowKey,
  rowName,
}: FiguresTableProps<R>) {
  return (
    <Card className="min-w-0 p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No events in this range.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
        <section aria-labelledby={id} tabIndex={0} className="mt-3 overflow-x-auto rounded-md focus-visible:outline-2">
          <table className="w-full min-w-[56rem] text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {column}
                </th>
                <th scope="col" className={th}>
                  Views
                </th>
                <th scope="col" className={th}>
                  Unique sessions
                </th>
                <th scope="col" className={th}>
                  CTA clicks
                </th>
                {CTA_TYPES.map((t) => (
                  <th key={t} scope="col" className={th}>
                    {CTA_TYPE_LABELS[t]}
                  </th>
                ))}
                <th scope="col" className={th}>
                  Leads
                </th>
                <th scope="col" className={th}>
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t">
                  <th scope="row" className="max-w-64 truncate px-3 py-2 text-left font-normal">
                    {rowName(row)}
                  </th>
                  <td className={td}>{formatCount(row.views)}</td>
                  <td className={td}>{formatCount(row.unique_sessions)}</td>
                  <td className={td}>{formatCount(row.cta_clicks)}</td>
                  {CTA_TYPES.map((t) => (
                    <td key={t} className={`${td} text-muted-foreground`}>
                      {formatCount(row.clicks_by_type[t])}
                    </td>
                  ))}
                  <td className={td}>{formatCount(row.leads)}</td>
                  <td className={td}>{formatPercent(row.conversion_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Card>
  );
}
