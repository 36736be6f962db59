import { FIGURE_NOTES } from '@giftrelay/contracts';
// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { anOrder } from '@/testing/order-data';
import { renderPage } from '@/testing/render-page';
import { dashboard, dashboardCharts } from '@/testing/report-data';
import { DashboardPage } from './dashboard-page';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const failure = (status: number) =>
  HttpResponse.json({ success: false, error: 'Something went wrong', code: 'INTERNAL_ERROR' }, { status });

const twoOrders = dashboard({
  monthly_load: 51.26,
  gross_margin: 1.26,
  orders: 2,
  redemption_rate: 50,
  has_pending: true,
  recent_orders: [
    anOrder({
      order_id: '11111111-1111-4111-8111-111111111111',
      status: 'pending',
      brand: 'Starbucks',
      amount: 10,
      quantity: 2,
      recipient_email: 'bob@example.com',
    }),
    anOrder({ order_id: '22222222-2222-4222-8222-222222222222', created_at: '2026-03-05T14:07:00.000Z' }),
    anOrder({ order_id: '33333333-3333-4333-8333-333333333333', status: 'failed', brand: 'Target' }),
  ],
});

describe('DashboardPage', () => {
  it('shows its loading state under the Dashboard heading until the figures arrive', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/v1/dashboard', async () => {
        await answered;
        return HttpResponse.json(dashboard());
      }),
      http.get('*/api/v1/dashboard/charts', () => HttpResponse.json(dashboardCharts())),
    );
    renderPage(<DashboardPage />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading dashboard');
    answer();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.queryByText('Loading dashboard')).toBeNull();
  });

  it('shows the month’s four cards, the recent orders with their badges, and links each order to the history', async () => {
    server.use(
      http.get('*/api/v1/dashboard', () => HttpResponse.json(twoOrders)),
      http.get('*/api/v1/dashboard/charts', () => HttpResponse.json(dashboardCharts())),
    );
    const { router } = renderPage(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('March 2026')).toBeTruthy();
    const figures = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      'Monthly Load': '$51.26',
      'Gross Margin': '$1.26',
      Orders: '2',
      'Redemption Rate': '50.0%',
    });

    const table = screen.getByRole('table', { name: 'Recent Orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Status', 'Brand', 'Value', 'Email', 'Timestamp']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Pending',
      'Delivered',
      'Failed',
    ]);
    const badge = (row: HTMLElement) => within(row).getAllByRole('cell')[0]?.firstElementChild?.className ?? '';
    expect(badge(rows[0] as HTMLElement)).toContain('bg-secondary');
    expect(badge(rows[1] as HTMLElement)).toContain('bg-primary');
    expect(badge(rows[2] as HTMLElement)).toContain('bg-destructive');
    expect(rows[0]?.textContent).toContain('2 × $10.00');
    expect(rows[0]?.textContent).toContain('bob@example.com');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('time')
        .getAttribute('datetime'),
    ).toBe('2026-03-05T14:07:00.000Z');

    await userEvent.click(within(table).getByRole('link', { name: 'Starbucks' }));
    expect(router.state.location.pathname).toBe('/orders');
    expect(router.state.location.search).toBe('?q=11111111-1111-4111-8111-111111111111');
  });

  it('an organisation without orders sees No orders yet and an empty state in every chart', async () => {
    server.use(
      http.get('*/api/v1/dashboard', () => HttpResponse.json(dashboard())),
      http.get('*/api/v1/dashboard/charts', () => HttpResponse.json(dashboardCharts())),
    );
    renderPage(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Recent Orders' })).toBeNull();
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
      '$0.00',
      FIGURE_NOTES.monthlyLoad,
      '$0.00',
      FIGURE_NOTES.grossMargin,
      '0',
      FIGURE_NOTES.orders,
      '0.0%',
      FIGURE_NOTES.redemptionRate,
    ]);
    // Nothing sent yet: the first reward is one click away, on a suggested card.
    const first = screen.getByRole('link', { name: 'Send an Amazon.com gift card' });
    expect(screen.getByRole('heading', { name: 'Send your first reward' })).toBeTruthy();
    expect(first.getAttribute('href')).toBe('/catalog?country=US&currency=USD&category=Retail&q=Amazon.com');
    expect(await screen.findByText('No rewards sent in the last 30 days')).toBeTruthy();
    expect(screen.getByText('No brands to rank yet')).toBeTruthy();
    expect(screen.getByText('No recipients to rank yet')).toBeTruthy();
  });

  it('shows the mode in the URL, asks for it, and switches the figures and charts to live orders', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('*/api/v1/dashboard', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(settled);
      }),
      http.get('*/api/v1/dashboard/charts', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(dashboardCharts());
      }),
    );
    // Settled orders: the figures are not polled every 3 s while the test counts requests.
    const settled = {
      ...twoOrders,
      has_pending: false,
      recent_orders: twoOrders.recent_orders.map((o) => ({ ...o, status: 'completed' as const, sandbox: true })),
    };
    const user = userEvent.setup();
    const { router } = renderPage(<DashboardPage />, '/dashboard?mode=sandbox');
    expect(await screen.findByText('March 2026')).toBeTruthy();
    const modes = (path: string) => asked.filter((u) => u.pathname === path).map((u) => u.searchParams.get('mode'));
    await waitFor(() => expect(modes('/api/v1/dashboard/charts')).toEqual(['sandbox']));
    expect(modes('/api/v1/dashboard')).toEqual(['sandbox']);
    const select = screen.getByRole('combobox', { name: 'Mode' });
    expect(select.textContent).toBe('Sandbox orders');
    // A sandbox order links to the history in its own mode, where a search finds it.
    const [first] = settled.recent_orders;
    expect(screen.getAllByRole('link', { name: first?.brand })[0]?.getAttribute('href')).toBe(
      `/orders?q=${first?.order_id}&mode=sandbox`,
    );

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Live orders' }));
    expect(router.state.location.search).toBe('?mode=live');
    await waitFor(() => expect(modes('/api/v1/dashboard')).toEqual(['sandbox', 'live']));
    await waitFor(() => expect(modes('/api/v1/dashboard/charts')).toEqual(['sandbox', 'live']));
  });

  it('has no mode switch for an organisation in the sandbox, and asks for its own mode', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('*/api/v1/dashboard', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(twoOrders);
      }),
      http.get('*/api/v1/dashboard/charts', () => HttpResponse.json(dashboardCharts())),
    );
    renderPage(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('March 2026')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Mode' })).toBeNull();
    expect(asked.map((u) => u.search)).toEqual(['']);
  });

  it('a failed load leaves the loading state, says so, and Try again loads the figures', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get('*/api/v1/dashboard', () => (++calls === 1 ? failure(500) : HttpResponse.json(twoOrders))),
      http.get('*/api/v1/dashboard/charts', () => HttpResponse.json(dashboardCharts())),
    );
    renderPage(<DashboardPage />, '/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your dashboard.');
    expect(screen.queryByText('Loading dashboard')).toBeNull();
    expect(warn).toHaveBeenCalledWith('The dashboard could not be loaded:', 'Something went wrong');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$51.26')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('each chart says when it could not be loaded and retries on request', async () => {
    let charts = 0;
    server.use(
      http.get('*/api/v1/dashboard', () => HttpResponse.json(twoOrders)),
      http.get('*/api/v1/dashboard/charts', () =>
        ++charts === 1
          ? failure(500)
          : HttpResponse.json(
              dashboardCharts(
                { '2026-03-05': 51.26 },
                {
                  top_brands: [
                    { brand: 'Amazon', value: 25.63, orders: 1 },
                    { brand: 'Starbucks', value: 20.5, orders: 1 },
                  ],
                  top_customers: [
                    { recipient_email: 'ada@example.com', recipient_phone: null, value: 51.26, orders: 2 },
                  ],
                },
              ),
            ),
      ),
    );
    renderPage(<DashboardPage />, '/dashboard');
    await screen.findByText('$51.26');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(Array(3).fill('This chart could not be loaded.Try again'));

    await userEvent.click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Try again' }));
    // Screen readers get each chart's figures as a table and a sentence.
    const brands = await screen.findByRole('table', { name: 'Top brands by value' });
    expect(
      within(brands)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['BrandValueOrders', 'Amazon$25.631', 'Starbucks$20.501']);
    const byDay = screen.getByRole('table', { name: 'Load value by day' });
    expect(within(byDay).getAllByRole('row')[1]?.textContent).toBe('Mar 5, 2026$51.26');
    expect(screen.getByRole('figure', { name: 'Load Value by Day' }).textContent).toContain(
      '$51.26 loaded from Mar 1, 2026 to Mar 30, 2026; the highest day was Mar 5, 2026 with $51.26.',
    );
    expect(screen.getByRole('table', { name: 'Top customers by value' }).textContent).toContain('ada@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
