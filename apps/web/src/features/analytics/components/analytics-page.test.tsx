import { FIGURE_NOTES } from '@giftrelay/contracts';
// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthHooks } from '@/lib/api-client';
import { renderPage } from '@/testing/render-page';
import { analytics } from '@/testing/report-data';
import { AnalyticsPage } from './analytics-page';

const mocks = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

const server = setupServer();
/** Every analytics request's query string, in order. */
let asked: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-30T12:00:00Z'));
  setAuthHooks({ getAccessToken: () => 'the-token', refresh: async () => false });
});
afterEach(() => {
  server.resetHandlers();
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  mocks.toast.success.mockReset();
  mocks.toast.error.mockReset();
});
afterAll(() => server.close());

const withSpend = analytics({
  totals: {
    spend: 51.26,
    fees: 1.26,
    spend_minor: 5126,
    fees_minor: 126,
    orders: 3,
    completed: 2,
    failed: 1,
    rewards_issued: 4,
    rewards_claimed: 1,
    claimed_share: 25,
  },
  series: [
    { period: '2026-03-01', spend: 25.63, fees: 0.63, orders: 1 },
    { period: '2026-03-02', spend: 0, fees: 0, orders: 0 },
    { period: '2026-03-03', spend: 25.63, fees: 0.63, orders: 2 },
  ],
  by_brand: [
    { key: 'Amazon', spend: 41.01, fees: 1.01, orders: 2 },
    { key: 'Starbucks', spend: 10.25, fees: 0.25, orders: 1 },
  ],
  by_category: [{ key: 'Retail', spend: 51.26, fees: 1.26, orders: 3 }],
  by_country: [
    { key: 'US', spend: 41.01, fees: 1.01, orders: 2 },
    { key: '', spend: 10.25, fees: 0.25, orders: 1 },
  ],
});

function answer(body: unknown, status = 200) {
  server.use(
    http.get('*/api/v1/analytics', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('AnalyticsPage', () => {
  it('asks for the last 30 days by day and shows the totals, the series and each breakdown', async () => {
    answer(withSpend);
    renderPage(<AnalyticsPage />, '/analytics');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getByText('Loading analytics')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-30');

    await screen.findByText('$51.26', { selector: 'dd' });
    expect(asked).toEqual(['?from=2026-03-01&to=2026-03-30&interval=day']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '$51.26',
      FIGURE_NOTES.monthlyLoad,
      '$1.26',
      FIGURE_NOTES.grossMargin,
      '3',
      '2 delivered, 1 failed',
      '25.0%',
      '1 of 4 delivered rewards opened',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Spend by day' }))).toEqual([
      'Mar 1, 2026$25.63$0.631',
      'Mar 3, 2026$25.63$0.632',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'By brand' }))).toEqual(['Amazon$41.012', 'Starbucks$10.251']);
    expect(rowsOf(screen.getByRole('table', { name: 'By category' }))).toEqual(['Retail$51.263']);
    expect(rowsOf(screen.getByRole('table', { name: 'By country' }))).toEqual([
      'United States$41.012',
      'Unknown$10.251',
    ]);
    expect(screen.getByRole('radio', { name: 'Day' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a preset and the interval change the URL and the question asked', async () => {
    answer(withSpend);
    const { router } = renderPage(<AnalyticsPage />, '/analytics');
    await screen.findByText('$51.26', { selector: 'dd' });

    await userEvent.click(screen.getByRole('button', { name: 'Last 12 months' }));
    expect(router.state.location.search).toBe('?from=2025-04-01&to=2026-03-30&interval=month');
    await waitFor(() => expect(asked.at(-1)).toBe('?from=2025-04-01&to=2026-03-30&interval=month'));
    expect(screen.getByRole('radio', { name: 'Month' }).getAttribute('aria-checked')).toBe('true');

    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(router.state.location.search).toBe('?from=2025-04-01&to=2026-03-30&interval=week');
    await waitFor(() => expect(asked.at(-1)).toBe('?from=2025-04-01&to=2026-03-30&interval=week'));
  });

  it('counts the mode in the URL, keeps it with a new range, exports it, and switches to live orders', async () => {
    answer(withSpend);
    let exported: string | undefined;
    server.use(
      http.get('*/api/v1/analytics/export', ({ request }) => {
        exported = new URL(request.url).search;
        return new HttpResponse('period,spend\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="a.csv"' },
        });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:a'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { router } = renderPage(<AnalyticsPage />, '/analytics?mode=sandbox');
    await screen.findByText('$51.26', { selector: 'dd' });
    expect(asked).toEqual(['?from=2026-03-01&to=2026-03-30&interval=day&mode=sandbox']);
    const select = screen.getByRole('combobox', { name: 'Mode' });
    expect(select.textContent).toBe('Sandbox orders');

    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('sandbox');
    await waitFor(() => expect(asked.at(-1)).toBe('?from=2026-03-01&to=2026-03-30&interval=week&mode=sandbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toBe('?from=2026-03-01&to=2026-03-30&interval=week&mode=sandbox'));

    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Live orders' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?from=2026-03-01&to=2026-03-30&interval=week&mode=live'));
  });

  it('has no mode switch for an organisation in the sandbox', async () => {
    answer(withSpend);
    renderPage(<AnalyticsPage />, '/analytics');
    await screen.findByText('$51.26', { selector: 'dd' });
    expect(screen.queryByRole('combobox', { name: 'Mode' })).toBeNull();
  });

  it('says so when the range has no orders', async () => {
    answer(analytics());
    renderPage(<AnalyticsPage />, '/analytics?from=2026-03-01&to=2026-03-03&interval=day');
    expect(await screen.findByText('No orders from Mar 1, 2026 to Mar 3, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'send a reward from the catalogue' }).getAttribute('href')).toBe(
      '/catalog',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s refusal of a range beside the picker, and no export of it', async () => {
    answer({ success: false, error: 'query.to: to must not be before from', code: 'VALIDATION_ERROR' }, 400);
    renderPage(<AnalyticsPage />, '/analytics?from=2026-03-10&to=2026-03-01&interval=day');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('To must not be before from');
    expect(alert.id).toBe('range-error');
    const from = screen.getByLabelText('From');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe('range-error');
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Change the dates above to see the figures.')).toBeTruthy();
  });

  it('a failed load says so and Try again asks again', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/analytics', () =>
        ++calls === 1
          ? HttpResponse.json(
              { success: false, error: 'Something went wrong', code: 'INTERNAL_ERROR' },
              { status: 500 },
            )
          : HttpResponse.json(withSpend),
      ),
    );
    renderPage(<AnalyticsPage />, '/analytics');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your analytics.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$51.26', { selector: 'dd' })).toBeTruthy();
  });

  it('Export CSV downloads the same range with the bearer token and saves it under the server’s name', async () => {
    answer(withSpend);
    let exported: { search: string; authorization: string | null } | undefined;
    server.use(
      http.get('*/api/v1/analytics/export', ({ request }) => {
        exported = { search: new URL(request.url).search, authorization: request.headers.get('authorization') };
        return new HttpResponse('period,spend\n2026-03-01,25.63\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="giftrelay-analytics-2026-03-30.csv"',
          },
        });
      }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:analytics');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });

    renderPage(<AnalyticsPage />, '/analytics?from=2026-03-01&to=2026-03-03&interval=week');
    await screen.findByText('$51.26', { selector: 'dd' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toEqual(['giftrelay-analytics-2026-03-30.csv blob:analytics']));
    expect(exported).toEqual({
      search: '?from=2026-03-01&to=2026-03-03&interval=week',
      authorization: 'Bearer the-token',
    });
    const [[blob] = []] = createObjectURL.mock.calls;
    expect(await blob?.text()).toBe('period,spend\n2026-03-01,25.63\n');
    expect(mocks.toast.success).toHaveBeenCalledWith('Export ready', {
      description: 'Saved giftrelay-analytics-2026-03-30.csv.',
    });
  });

  it('a failed export says why in a toast', async () => {
    answer(withSpend);
    server.use(
      http.get('*/api/v1/analytics/export', () =>
        HttpResponse.json({ success: false, error: 'Too many requests', code: 'RATE_LIMITED' }, { status: 429 }),
      ),
    );
    renderPage(<AnalyticsPage />, '/analytics');
    await screen.findByText('$51.26', { selector: 'dd' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Export failed', { description: 'Too many requests' }),
    );
  });
});
