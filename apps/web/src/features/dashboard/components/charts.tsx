// The chart library lives only here and is loaded on demand (dashboard-charts.tsx), never with the page.
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { chartTheme, truncateLabel } from '@/components/ui/chart-theme';
import { formatCompactMajor, formatDay, formatMajor } from '@/lib/format';

const fill = { width: '100%', height: '100%' } as const;

export interface DayPoint {
  date: string;
  value: number;
}

export interface RankedPoint {
  label: string;
  value: number;
}

/** Load Value by Day: one bar a day. The picture is for sight; the card's table speaks for it. */
export function LoadByDayChart({ data, currency }: { data: DayPoint[]; currency: string }) {
  return (
    <BarChart data={data} responsive style={fill} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0 }}>
      <CartesianGrid vertical={false} stroke={chartTheme.grid} />
      <XAxis
        dataKey="date"
        tickFormatter={(d: string) => formatDay(d, { short: true })}
        tick={chartTheme.tick}
        tickLine={false}
        axisLine={false}
        minTickGap={16}
      />
      <YAxis
        tickFormatter={(v: number) => formatCompactMajor(v, currency)}
        tick={chartTheme.tick}
        tickLine={false}
        axisLine={false}
        width={56}
      />
      <Tooltip
        cursor={chartTheme.cursor}
        {...chartTheme.tooltip}
        labelFormatter={(d) => formatDay(String(d))}
        formatter={(v) => [formatMajor(Number(v), currency), 'Load']}
      />
      <Bar dataKey="value" fill={chartTheme.bar} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}

/** A top-5 list as horizontal bars, each with its value written beside it. */
export function RankedBarChart({ data, currency }: { data: RankedPoint[]; currency: string }) {
  return (
    <BarChart
      data={data}
      layout="vertical"
      responsive
      style={fill}
      accessibilityLayer={false}
      margin={{ top: 4, right: 72, left: 0, bottom: 4 }}
    >
      <XAxis type="number" hide />
      <YAxis
        type="category"
        dataKey="label"
        tickFormatter={(s: string) => truncateLabel(s)}
        tick={chartTheme.tick}
        tickLine={false}
        axisLine={false}
        width={112}
      />
      <Tooltip
        cursor={chartTheme.cursor}
        {...chartTheme.tooltip}
        formatter={(v) => [formatMajor(Number(v), currency), 'Value']}
      />
      <Bar dataKey="value" fill={chartTheme.bar} radius={[0, 3, 3, 0]} isAnimationActive={false} maxBarSize={28}>
        <LabelList
          dataKey="value"
          position="right"
          style={chartTheme.label}
          formatter={(v) => formatMajor(Number(v), currency)}
        />
      </Bar>
    </BarChart>
  );
}
