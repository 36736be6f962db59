// @vitest-environment happy-dom
import type { AgentActivityResponse } from '@giftrelay/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { AgentActivitySection } from './agent-activity-section';

const get = vi.fn();
vi.mock('@/lib/api-client', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

afterEach(() => {
  cleanup();
  get.mockReset();
});

const ORDER = '4f1c2d3e-0000-4000-8000-000000000001';
const KEY = '4f1c2d3e-0000-4000-8000-000000000002';

it('lists the agents’ orders with the key or app each used, and what each charged', async () => {
  const page: AgentActivityResponse = {
    success: true,
    has_more: false,
    next_cursor: null,
    data: [
      {
        order_id: ORDER,
        status: 'pending_approval',
        created_at: '2026-05-01T09:30:00.000Z',
        product_name: 'Amazon.com Gift Card',
        recipient_email: 'sam@example.com',
        charged_total_minor: 2050,
        charge_currency: 'USD',
        source: { kind: 'mcp', via: 'api_key', id: KEY, client_name: 'Survey assistant' },
      },
    ],
  };
  get.mockResolvedValue(page);
  renderPage(<AgentActivitySection />);
  const row = await screen.findByTestId('agent-activity-row');
  expect(row.textContent).toContain('Amazon.com Gift Card to sam@example.com');
  expect(row.textContent).toContain('API key: Survey assistant');
  expect(row.textContent).toContain('$20.50');
  expect(row.textContent).toContain('Waiting for approval');
  expect(screen.getByRole('link', { name: /Amazon\.com Gift Card/ }).getAttribute('href')).toBe(`/orders/${ORDER}`);
  expect(get).toHaveBeenCalledWith('/api/v1/agent-activity', expect.anything());
});

it('says when no agent has sent anything yet', async () => {
  get.mockResolvedValue({ success: true, has_more: false, next_cursor: null, data: [] });
  renderPage(<AgentActivitySection />);
  expect(await screen.findByText('No agent activity yet')).toBeTruthy();
});
