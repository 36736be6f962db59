// @vitest-environment happy-dom
import type { CardFunding } from '@giftrelay/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardTopUpForm } from './card-top-up-form';

const post = vi.fn();
vi.mock('@/lib/api-client', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

afterEach(() => {
  cleanup();
  post.mockReset();
  vi.unstubAllGlobals();
});

const FUNDING: CardFunding = {
  success: true,
  available: true,
  currency: 'USD',
  min_amount: 10,
  max_amount: 25000,
  min_amount_minor: 1000,
  max_amount_minor: 2_500_000,
  fee_rate: '2.9% + 0.30',
  sending_frozen: false,
  frozen_at: null,
  shortfall: 0,
  shortfall_minor: 0,
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CardTopUpForm funding={FUNDING} />
    </QueryClientProvider>,
  );
  return {
    amount: screen.getByLabelText('Amount to add (USD)'),
    submit: screen.getByRole('button', { name: 'Continue to payment' }),
    figures: () => screen.getAllByRole('definition').map((d) => d.textContent),
  };
}

describe('CardTopUpForm', () => {
  it('shows the fee and the total as the amount is typed, with the shared fee rule', () => {
    const { amount, figures } = renderForm();
    expect(figures()).toEqual(['—', '—', '—']);
    fireEvent.change(amount, { target: { value: '100' } });
    expect(figures()).toEqual(['$100.00', '$3.20', '$103.20']);
    fireEvent.change(amount, { target: { value: '1,000.50' } });
    expect(figures()).toEqual(['$1,000.50', '$29.31', '$1,029.81']);
  });

  it('refuses an amount out of range without asking the server, and says why', () => {
    const { amount, submit } = renderForm();
    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Add from $10.00 to $25,000.00 at a time');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();
  });

  it('starts the checkout with the amount and sends the person to Stripe’s page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    post.mockResolvedValue({
      success: true,
      id: '0b0e7a52-2b6f-4a52-9a57-1c0e9d0d6f10',
      status: 'open',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      currency: 'USD',
      amount: 100,
      fee: 3.2,
      total: 103.2,
      amount_minor: 10000,
      fee_minor: 320,
      total_minor: 10320,
      created_at: '2026-11-26T07:00:00.000Z',
      completed_at: null,
    });
    const { amount, submit } = renderForm();
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(post).toHaveBeenCalledWith('/api/v1/balance/checkout-sessions', { amount: 100 });
  });
});
