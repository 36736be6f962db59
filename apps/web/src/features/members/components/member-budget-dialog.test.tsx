// @vitest-environment happy-dom
import type { Member } from '@giftrelay/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { MemberBudgetDialog } from './member-budget-dialog';

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
  monthly_minor: 30_00,
  monthly: 30,
  currency: 'USD',
  spent_minor: 25_63,
  spent: 25.63,
  left_minor: 4_37,
  left: 4.37,
  resets_at: '2026-12-01T00:00:00.000Z',
};
const member = (budget: Member['budget']): Member => ({
  user_id: '4f1c2d3e-0000-4000-8000-000000000009',
  email: 'sam@example.com',
  role: 'sender',
  joined_at: '2026-05-01T09:30:00.000Z',
  is_you: false,
  active_api_keys: 0,
  budget,
});
const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Budget for sam@example.com' }));
  return (await screen.findByLabelText('Monthly budget (USD)')) as HTMLInputElement;
};

it('sets a budget typed in dollars as cents, and refuses an amount it cannot read', async () => {
  put.mockResolvedValue({ success: true, budget: BUDGET });
  renderPage(<MemberBudgetDialog member={member(null)} currency="USD" />);
  const amount = await open();
  fireEvent.change(amount, { target: { value: 'thirty' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Enter an amount in USD, or leave it empty for no budget',
  );
  expect(amount.getAttribute('aria-invalid')).toBe('true');
  expect(put).not.toHaveBeenCalled();
  fireEvent.change(amount, { target: { value: '30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
  await waitFor(() =>
    expect(put).toHaveBeenCalledWith(`/api/v1/members/${member(null).user_id}/budget`, { monthly_minor: 3000 }),
  );
});

it('shows where a budget stands and clears it when emptied', async () => {
  del.mockResolvedValue({ success: true, budget: null });
  renderPage(<MemberBudgetDialog member={member(BUDGET)} currency="USD" />);
  const amount = await open();
  expect(amount.value).toBe('30');
  expect(screen.getByText('$25.63 spent this month, $4.37 left.')).toBeTruthy();
  fireEvent.change(amount, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Clear budget' }));
  await waitFor(() => expect(del).toHaveBeenCalledWith(`/api/v1/members/${member(null).user_id}/budget`));
});
