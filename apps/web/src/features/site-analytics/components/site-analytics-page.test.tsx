// @vitest-environment happy-dom
import type { SiteAnalytics, SiteFigures } from '@giftrelay/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthHooks } from '@/lib/api-client';
import { renderPage } from '@/testing/render-page';
import { SiteAnalyticsPage } from './site-analytics-page';

const server = setupServer();
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
});
afterAll(() => server.close());

const figures = (over: Partial<SiteFigures> = {}): SiteFigures => ({
  views: 0,
  unique_sessions: 0,
  cta_clicks: 0,
  clicks_by_type: { primary: 0, secondary: 0, use_case_hr: 0, use_case_marketing: 0, use_case_finance: 0 },
  leads: 0,
  conversion_rate: 0,
  ...over,
});

const answer = (over: Partial<SiteAnalytics> = {}): SiteAnalytics => ({
  success: true,
  from: '2026-03-01',
  to: '2026-03-30',
  totals: figures(),
  by_page: [],
  by_campaign: [],
  by_day: [],
  ...over,
});

function serve(body: SiteAnalytics | ((url: URL) => Response)) {
  server.use(
    http.get('*/api/v1/operator/site-analytics', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return typeof body === 'function' ? body(url) : HttpResponse.json(body);
    }),
  );
}

describe('SiteAnalyticsPage', () => {
  it('shows the totals and a row per page and per campaign for the last 30 days', async () => {
    const rewards = figures({
      views: 1234,
      unique_sessions: 3,
      cta_clicks: 3,
      clicks_by_type: { primary: 2, secondary: 1, use_case_hr: 0, use_case_marketing: 0, use_case_finance: 0 },
      leads: 2,
      conversion_rate: 66.7,
    });
    serve(
      answer({
        totals: rewards,
        by_page: [{ slug: 'employee-rewards', ...rewards }],
        by_campaign: [{ utm_campaign: null, ...rewards }],
        by_day: [{ day: '2026-03-30', views: 1234, leads: 2 }],
      }),
    );
    renderPage(<SiteAnalyticsPage />, '/marketing/analytics');
    const byPage = await screen.findByRole('region', { name: 'By page' });
    const row = within(byPage).getByRole('row', { name: /employee-rewards/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,234', '3', '3', '2', '1', '0', '0', '0', '2', '66.7%']);
    expect(within(screen.getByRole('region', { name: 'By campaign' })).getByText('No campaign')).toBeTruthy();
    expect(asked).toEqual(['?from=2026-03-01&to=2026-03-30']);
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks again for a preset, and says when a range has no visits', async () => {
    serve(answer());
    const { router } = renderPage(<SiteAnalyticsPage />, '/marketing/analytics');
    expect(await screen.findByText(/No landing-page visits/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(router.state.location.search).toBe('?from=2026-03-24&to=2026-03-30');
    await vi.waitFor(() => expect(asked).toContain('?from=2026-03-24&to=2026-03-30'));
  });

  it('shows the server’s refusal of a range beside the dates', async () => {
    serve(() =>
      HttpResponse.json(
        {
          success: false,
          code: 'VALIDATION_ERROR',
          error: 'query.to: to must not be before from',
          details: [{ path: 'query.to', message: 'must not be before from' }],
        },
        { status: 400 },
      ),
    );
    renderPage(<SiteAnalyticsPage />, '/marketing/analytics?from=2026-03-30&to=2026-03-01');
    expect((await screen.findByRole('alert')).textContent).toBe('To must not be before from');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });
});
