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

/**
 * Splits an axis label into at most `lines` lines of about `width` characters, breaking after a
 * space, '.', '-' or before '@' where it can ("alexandra.williams" / "@example.com"), so a long
 * brand or email stays readable beside its bar. Only text that still does not fit ends in "…"; the
 * tick's tooltip and the chart's table give the whole label.
 */
export function wrapLabel(text: string, width = 18, lines = 2): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > width && out.length < lines - 1) {
    const window = rest.slice(0, width + 1);
    const at = Math.max(window.lastIndexOf('@'), 0);
    const after = Math.max(window.lastIndexOf(' '), window.lastIndexOf('.'), window.lastIndexOf('-')) + 1;
    const cut = at > 0 ? at : after > 1 && after <= width ? after : width;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  out.push(rest.length > width ? `${rest.slice(0, width - 1)}…` : rest);
  return out;
}
