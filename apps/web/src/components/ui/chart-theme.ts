import type { CSSProperties } from 'react';

/**
 * Colours and text styles for recharts charts, from the theme's CSS variables so they follow dark
 * mode. Plain values, no chart code: importing this never pulls the chart library into a page.
 */
export const chartTheme = {
  bar: 'var(--primary)',
  barMuted: 'var(--muted-foreground)',
  grid: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  label: { fill: 'var(--foreground)', fontSize: 12 },
  cursor: { fill: 'var(--muted)' },
  tooltip: {
    contentStyle: {
      background: 'var(--card)',
      border: '1px solid var(--border)',
      borderRadius: 8,
      color: 'var(--foreground)',
      fontSize: 13,
    } satisfies CSSProperties,
    labelStyle: { color: 'var(--foreground)', fontWeight: 600 } satisfies CSSProperties,
    itemStyle: { color: 'var(--foreground)' } satisfies CSSProperties,
  },
} as const;

/** Shortens an axis label to fit beside a bar: "alexandra.w…". */
export function truncateLabel(text: string, max = 16): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
