// @vitest-environment happy-dom
import type { ListedApiKey } from '@giftrelay/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { ApiKeyBudgetDialog } from './api-key-budget-dialog';

const put = vi.fn();
const del = vi.fn();
vi.mock('@/lib/api-client', () => ({
  api: { put: (...args: unknown[]) => put(...args), delete: (...args: unknown[]) => del(...args) },
}));
afterEach(() => {
  cleanup();
  put.mockReset();
  del.mockReset();
});

const BUDGET = {
  monthly_minor: 500_00,
  monthly: 500,
  currency: 'USD',
  spent_minor: 120_50,
  spent: 120.5,
  left_minor: 379_50,
  left: 379.5,
  resets_at: '2026-12-01T00:00:00.000Z',
};
const key = (budget: ListedApiKey['budget']): ListedApiKey => ({
  id: '4f1c2d3e-0000-4000-8000-00000000000a',
  name: 'Payroll sync',
  mode: 'test',
  prefix: 'gr_test_',
  last_four: 'a1b2',
  scopes: ['orders:write', 'orders:read'],
  expires_at: null,
  created_at: '2026-05-01T09:30:00.000Z',
  created_by: null,
  creator_left: false,
  revoked_at: null,
  last_used_at: null,
  budget,
});
const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Budget for Payroll sync' }));
  return (await screen.findByLabelText('Monthly budget (USD)')) as HTMLInputElement;
};

it('sets a key’s budget as cents, refuses what it cannot read, and clears it when emptied', async () => {
  put.mockResolvedValue({ success: true, budget: BUDGET });
  renderPage(<ApiKeyBudgetDialog apiKey={key(null)} currency="USD" />);
  const amount = await open();
  fireEvent.change(amount, { target: { value: '5OO' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Enter an amount in USD, or leave it empty for no budget',
  );
  expect(put).not.toHaveBeenCalled();
  fireEvent.change(amount, { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
  await waitFor(() =>
    expect(put).toHaveBeenCalledWith(`/api/v1/api-keys/${key(null).id}/budget`, { monthly_minor: 50000 }),
  );
  cleanup();

  del.mockResolvedValue({ success: true, budget: null });
  renderPage(<ApiKeyBudgetDialog apiKey={key(BUDGET)} currency="USD" />);
  const again = await open();
  expect(again.value).toBe('500');
  expect(screen.getByText('$120.50 spent this month, $379.50 left.')).toBeTruthy();
  fireEvent.change(again, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Clear budget' }));
  await waitFor(() => expect(del).toHaveBeenCalledWith(`/api/v1/api-keys/${key(null).id}/budget`));
});
