// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeSeriesCard } from './time-series-card';

afterEach(cleanup);

const props = {
  id: 'views-over-time',
  title: 'Views over time',
  description: 'Views per day (UTC)',
  heightClass: 'h-56',
  summary: '12 views in total; the most were on 2 Mar with 9.',
  chart: {
    data: [
      { day: '2026-03-01', views: 3 },
      { day: '2026-03-02', views: 9 },
    ],
    xKey: 'day',
    yKey: 'views',
    tickLabel: (d: string) => d,
    tooltipLabel: (d: string) => d,
    valueName: 'Views',
  },
  table: {
    caption: 'Views by day',
    head: ['Day', 'Views'],
    rows: [
      ['1 Mar', '3'],
      ['2 Mar', '9'],
    ],
  },
};

describe('TimeSeriesCard', () => {
  it('names the figure by its heading and gives screen readers the sentence and the table', () => {
    render(<TimeSeriesCard {...props} />);
    const figure = screen.getByRole('figure', { name: 'Views over time' });
    expect(figure.className).toContain('h-56');
    expect(within(figure).getByText(props.summary).tagName).toBe('FIGCAPTION');
    const table = within(figure).getByRole('table', { name: 'Views by day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day', 'Views']);
    expect(within(table).getByRole('rowheader', { name: '2 Mar' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '9']);
  });
});
