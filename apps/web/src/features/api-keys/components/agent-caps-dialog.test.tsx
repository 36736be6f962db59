// @vitest-environment happy-dom
import type { ApiKey } from '@giftrelay/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { AgentCapsDialog } from './agent-caps-dialog';

const get = vi.fn();
const put = vi.fn();
vi.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args), put: (...args: unknown[]) => put(...args) },
}));
afterEach(() => {
  cleanup();
  get.mockReset();
  put.mockReset();
});

const KEY: ApiKey = {
  id: '4f1c2d3e-0000-4000-8000-000000000002',
  name: 'Survey assistant',
  mode: 'test',
  prefix: 'gr_test_',
  last_four: 'abcd',
  scopes: ['orders:write', 'orders:read'],
  expires_at: null,
  created_at: '2026-05-01T09:30:00.000Z',
  created_by: null,
  revoked_at: null,
  last_used_at: null,
  creator_left: false,
};
const CAPS = {
  success: true,
  api_key_id: KEY.id,
  currency: 'USD',
  per_reward_minor: 2500,
  per_day_minor: null,
  per_month_minor: null,
  allowed_domains: null,
};

it('shows a key’s caps in dollars and saves the changed ones in cents', async () => {
  get.mockResolvedValue(CAPS);
  put.mockImplementation(async (_path: string, body: object) => ({ ...CAPS, ...body }));
  renderPage(<AgentCapsDialog apiKey={KEY} />);
  fireEvent.click(screen.getByRole('button', { name: 'Agent caps for Survey assistant' }));
  const perReward = (await screen.findByLabelText('Per reward (USD)')) as HTMLInputElement;
  expect(perReward.value).toBe('25');
  fireEvent.change(screen.getByLabelText('Per day (UTC) (USD)'), { target: { value: '100' } });
  fireEvent.change(screen.getByLabelText('Recipient domains (any when empty)'), { target: { value: 'Acme.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save caps' }));
  await waitFor(() => expect(put).toHaveBeenCalled());
  expect(put).toHaveBeenCalledWith(`/api/v1/api-keys/${KEY.id}/agent-caps`, {
    currency: 'USD',
    per_reward_minor: 2500,
    per_day_minor: 10000,
    per_month_minor: null,
    allowed_domains: ['acme.com'],
  });
});

it('says which amount it cannot read, and sends nothing', async () => {
  get.mockResolvedValue(CAPS);
  renderPage(<AgentCapsDialog apiKey={KEY} />);
  fireEvent.click(screen.getByRole('button', { name: 'Agent caps for Survey assistant' }));
  fireEvent.change(await screen.findByLabelText('Per month (UTC) (USD)'), { target: { value: 'lots' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save caps' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Enter an amount in USD, or leave it empty');
  expect(put).not.toHaveBeenCalled();
});
