// recharts lives only in this module. Import it lazily (React.lazy), never from a page's own code,
// so the chart library stays out of every page's first download.
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactMajor, formatCount, formatMajor } from '@/lib/format';
import { chartTheme, wrapLabel } from './chart-theme';

const fill = { width: '100%', height: '100%' } as const;

interface TimeBarChartProps {
  data: object[];
  /** The field holding each bar's period (a date or month) and the one holding its money value. */
  xKey: string;
  yKey: string;
  /** The money's currency; without one the values are counts (views, leads). */
  currency?: string;
  /** An axis tick's text and the tooltip's heading for a period. */
  tickLabel: (x: string) => string;
  tooltipLabel: (x: string) => string;
  /** What the value is called in the tooltip ("Load", "Spend"). */
  valueName: string;
}

/**
 * Money over time, one bar a period. The picture is for sight: the caller gives screen readers
 * the same figures as a table, and hides this from them.
 */
export function TimeBarChart({ data, xKey, yKey, currency, tickLabel, tooltipLabel, valueName }: TimeBarChartProps) {
  return (
    <BarChart data={data} responsive style={fill} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0 }}>
      <CartesianGrid vertical={false} stroke={chartTheme.grid} />
      <XAxis
        dataKey={xKey}
        tickFormatter={(x: string) => tickLabel(x)}
        tick={chartTheme.tick}
        tickLine={false}
        axisLine={false}
        minTickGap={16}
      />
      <YAxis
        tickFormatter={(v: number) => (currency ? formatCompactMajor(v, currency) : formatCount(v))}
        tick={chartTheme.tick}
        tickLine={false}
        axisLine={false}
        width={60}
      />
      <Tooltip
        cursor={chartTheme.cursor}
        {...chartTheme.tooltip}
        labelFormatter={(x) => tooltipLabel(String(x))}
        formatter={(v) => [currency ? formatMajor(Number(v), currency) : formatCount(Number(v)), valueName]}
      />
      <Bar dataKey={yKey} fill={chartTheme.bar} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** A category label on up to two lines, right-aligned to the bars, its whole text on hover. */
function WrappedTick({ x = 0, y = 0, payload }: TickProps) {
  const text = String(payload?.value ?? '');
  const lines = wrapLabel(text);
  const lineHeight = 14;
  return (
    <text
      x={Number(x) - 4}
      y={Number(y) - ((lines.length - 1) * lineHeight) / 2}
      textAnchor="end"
      dominantBaseline="central"
      {...chartTheme.tick}
    >
      <title>{text}</title>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a label's lines are positional and never reorder.
        <tspan key={i} x={Number(x) - 4} dy={i === 0 ? 0 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

export interface RankedPoint {
  label: string;
  value: number;
}

/** A ranking (top 5) as horizontal bars, each with its value written beside it. */
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
        tick={WrappedTick}
        tickLine={false}
        axisLine={false}
        width={136}
        interval={0}
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
