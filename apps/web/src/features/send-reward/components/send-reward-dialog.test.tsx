// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from '@/testing/order-data';
import { amazonUs, tescoUk } from '../utils/test-products';
import { SendRewardDialog } from './send-reward-dialog';

const mocks = vi.hoisted(() => ({
  session: { status: 'signed-in' } as Record<string, unknown>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('@/lib/auth/use-session', () => ({ useSession: () => mocks.session }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

const signedIn = {
  status: 'signed-in',
  accessToken: 'token',
  expiresAt: 0,
  user: { email: 'jane@example.com', organisation: { name: 'Acme', billing_currency: 'USD', sandbox: true } },
};

const amazon = amazonUs;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const orderAnswer = (body: { amount: string; quantity: number; email: string }) => ({
  success: true,
  ...anOrder({
    status: 'pending',
    amount: Number(body.amount),
    quantity: body.quantity,
    recipient_email: body.email,
    recipient_name: null,
    completed_at: null,
  }),
});

/** The server's edge: each POST /api/v1/orders is recorded and answered by the next handler. */
function fakeOrders(...answers: ((body: Record<string, unknown>) => Response | Promise<Response>)[]) {
  const requests: { key: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/v1/orders') return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
      const body = JSON.parse(init.body as string);
      requests.push({ key: (init.headers as Record<string, string>)['idempotency-key'] ?? '', body });
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected order request');
      return answer(body);
    }),
  );
  return requests;
}

function renderDialog(product = amazon, extra: Partial<ComponentProps<typeof SendRewardDialog>> = {}) {
  const onOpenChange = vi.fn();
  const onSent = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/catalog?country=US']}>
        <SendRewardDialog product={product} open onOpenChange={onOpenChange} onSent={onSent} {...extra} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Send reward' });
  const get = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return {
    dialog,
    onOpenChange,
    onSent,
    email: () => get('Recipient Email'),
    amount: () => get('Amount'),
    quantity: () => get('Quantity'),
    sendNow: () => within(dialog).getByRole('button', { name: /Send now|Sending/ }),
    summary: () =>
      Object.fromEntries(
        within(dialog)
          .getAllByRole('term')
          .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      ),
  };
}

beforeEach(() => {
  mocks.session = signedIn;
  mocks.toast.success.mockReset();
  mocks.toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SendRewardDialog', () => {
  it('works out the sums as the fields change, with the shared 2.5 % fee', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    expect(d.quantity().value).toBe('1');
    expect(d.summary()).toEqual({ Subtotal: '—', 'Processing Fee (2.5%)': '—', Total: '—' });
    await user.type(d.amount(), '25');
    expect(d.summary()).toEqual({ Subtotal: '$25.00', 'Processing Fee (2.5%)': '$0.63', Total: '$25.63' });
    await user.clear(d.quantity());
    await user.type(d.quantity(), '7');
    // 175.00 × 2.5 % = 4.375 → 4.38
    expect(d.summary()).toEqual({ Subtotal: '$175.00', 'Processing Fee (2.5%)': '$4.38', Total: '$179.38' });
    expect(within(d.dialog).getByText('Delivery: Auto (code/email)')).toBeTruthy();
  });

  it('says what is left of the sender’s monthly budget before sending, and when a reward costs more', async () => {
    const budget = { monthly_minor: 40_00, monthly: 40, currency: 'USD', spent_minor: 10_00, spent: 10 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/v1/budgets/me'
          ? json(200, {
              success: true,
              budget: { ...budget, left_minor: 30_00, left: 30, resets_at: '2026-12-01T00:00:00.000Z' },
            })
          : json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
      ),
    );
    const user = userEvent.setup();
    const d = renderDialog();
    const note = await within(d.dialog).findByText(/left this month/);
    expect(note.closest('[role="note"]')?.textContent).toBe(
      '$30.00 of $40.00 left this month. Your monthly budget, set by an owner or admin.',
    );
    await user.type(d.amount(), '30');
    // $30.00 with the fee is $30.75: more than is left.
    expect(note.closest('[role="note"]')?.textContent).toContain(
      'This reward costs more than what is left of your monthly budget: ask an owner or admin to raise it.',
    );
  });

  it('is disabled until amount, email and quantity are filled; submitting early says what is missing', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders();
    const d = renderDialog();
    expect(d.sendNow().getAttribute('aria-disabled')).toBe('true');
    await user.type(d.amount(), '25{Enter}');
    expect(within(d.dialog).getByRole('alert').textContent).toContain(
      'Missing informationPlease fill in all required fields',
    );
    expect(document.activeElement).toBe(d.email());
    await user.type(d.email(), 'pat@example.com');
    await waitFor(() => expect(d.sendNow().getAttribute('aria-disabled')).toBe('false'));
    await user.clear(d.amount());
    await user.type(d.amount(), '2500');
    await user.click(d.sendNow());
    expect(within(d.dialog).getByRole('alert').textContent).toBe(
      'Invalid amountAmount must be between $1.00 and $2,000.00',
    );
    expect(d.amount().getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('sends with an Idempotency-Key, toasts Reward sent, resets the fields and closes', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders((body) => json(201, orderAnswer(body as never)));
    const d = renderDialog();
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '25.5');
    await user.clear(d.quantity());
    await user.type(d.quantity(), '2');
    await user.type(within(d.dialog).getByLabelText(/Personal message/), 'Thanks!');
    await user.type(within(d.dialog).getByLabelText(/Recipient name/), ' Pat Lee ');
    await user.click(d.sendNow());
    await waitFor(() => expect(d.onOpenChange).toHaveBeenCalledWith(false));
    expect(d.onSent).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        body: {
          product_code: 'AMAZON-US',
          amount: '25.50',
          email: 'pat@example.com',
          quantity: 2,
          message: 'Thanks!',
          recipient_name: 'Pat Lee',
        },
      },
    ]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Reward sent', {
      description: 'Sent 2 × $25.50 Amazon.com Gift Card to pat@example.com.',
    });
    expect([d.email().value, d.amount().value, d.quantity().value]).toEqual(['', '', '1']);
  });

  it('keeps the key for a retry after no answer, and takes a new one after the server refuses', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(402, { success: false, error: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' }),
      (body) => json(201, orderAnswer(body as never)),
    );
    const d = renderDialog();
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '40');

    await user.click(d.sendNow());
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenLastCalledWith('Error', {
        description: 'Cannot reach GiftRelay. Check your connection and try again.',
      }),
    );
    await user.click(d.sendNow());
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenLastCalledWith('Failed to send reward', {
        description: 'Insufficient balance',
      }),
    );
    expect(d.onOpenChange).not.toHaveBeenCalled();
    await user.click(d.sendNow());
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalled());

    const [lost, refused, accepted] = requests.map((r) => r.key);
    expect(refused).toBe(lost);
    expect(accepted).not.toBe(refused);
  });

  it('a changed form is a new request with a new key', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders(
      () => Promise.reject(new TypeError('Failed to fetch')),
      (body) => json(201, orderAnswer(body as never)),
    );
    const d = renderDialog();
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '40');
    await user.click(d.sendNow());
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalled());
    await user.type(d.amount(), '0');
    await user.click(d.sendNow());
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalled());
    expect(requests.map((r) => r.body.amount)).toEqual(['40.00', '400.00']);
    expect(requests[1]?.key).not.toBe(requests[0]?.key);
  });

  it('an answer without a message still says it failed, with its status', async () => {
    const user = userEvent.setup();
    fakeOrders(() => new Response('', { status: 502 }));
    const d = renderDialog();
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '40');
    await user.click(d.sendNow());
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Failed to send reward', { description: 'Request failed (502)' }),
    );
  });

  it('checks each field as it is typed, beside the field, and keeps Send now disabled while one is wrong', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders();
    const d = renderDialog();
    const errorOf = (input: HTMLElement) => {
      const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids
        .map((i) => document.getElementById(i))
        .filter((el) => el?.id.endsWith('-error'))
        .map((el) => el?.textContent)
        .join('');
    };
    await user.type(d.email(), 'pat@example');
    await waitFor(() => expect(errorOf(d.email())).toBe('Enter an email address such as name@company.com'));
    expect(d.email().getAttribute('aria-invalid')).toBe('true');
    await user.type(d.email(), '.com');
    await waitFor(() => expect(errorOf(d.email())).toBe(''));

    await user.type(d.amount(), '2000.01');
    await waitFor(() => expect(errorOf(d.amount())).toBe('Amount must be between $1.00 and $2,000.00'));
    expect(d.sendNow().getAttribute('aria-disabled')).toBe('true');
    await user.clear(d.amount());
    await user.type(d.amount(), '12.345');
    await waitFor(() => expect(errorOf(d.amount())).toContain('at most 2 decimals'));
    await user.clear(d.amount());
    await user.type(d.amount(), '20');
    await waitFor(() => expect(errorOf(d.amount())).toBe(''));

    await user.clear(d.quantity());
    await user.type(d.quantity(), '101');
    await waitFor(() => expect(errorOf(d.quantity())).toBe('Quantity must be a whole number from 1 to 100'));
    await user.clear(d.quantity());
    await user.type(d.quantity(), '2');

    const message = within(d.dialog).getByLabelText(/Personal message/);
    await user.click(message);
    await user.paste('x'.repeat(501));
    await waitFor(() => expect(errorOf(message)).toBe('The message must be at most 500 characters'));
    expect(d.sendNow().getAttribute('aria-disabled')).toBe('true');
    await user.type(message, '{Backspace}');
    await waitFor(() => expect(d.sendNow().getAttribute('aria-disabled')).toBe('false'));
    // No notice before Send now: the fields speak for themselves.
    expect(within(d.dialog).queryByRole('alert')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('a total above the balance is said beside the sums, offers what to do, and sends nothing', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders();
    const d = renderDialog(amazon, {
      balance: { available: 100, currency: 'USD', sandbox: true },
      shortfall: (missing) => <a href="/billing">Top up {missing}</a>,
    });
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '100');
    // $100.00 + $2.50 fee is $2.50 more than the $100.00 available.
    const alert = await within(d.dialog).findByRole('alert');
    expect(alert.textContent).toContain('Insufficient balance. The total is $2.50 more than your available balance.');
    expect(within(alert).getByRole('link', { name: 'Top up 250' })).toBeTruthy();
    expect(d.sendNow().getAttribute('aria-disabled')).toBe('true');
    await user.click(d.sendNow());
    expect(requests).toEqual([]);
    await user.clear(d.amount());
    await user.type(d.amount(), '97');
    await waitFor(() => expect(within(d.dialog).queryByRole('alert')).toBeNull());
    expect(d.sendNow().getAttribute('aria-disabled')).toBe('false');
  });

  it('previews the email in the words the server sends, sandbox notice included', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.type(d.amount(), '25');
    await user.type(within(d.dialog).getByLabelText(/Recipient name/), 'Pat');
    await user.type(within(d.dialog).getByLabelText(/Personal message/), 'Well done');
    const preview = within(d.dialog).getByTestId('email-preview');
    expect(preview.textContent).toContain('Subject: [Sandbox] Acme sent you a $25.00 Amazon.com gift card');
    expect(preview.textContent).toContain('it has no value and cannot be spent');
    expect(preview.textContent).toContain('Hi Pat,');
    expect(preview.textContent).toContain('“Well done”');
    expect(preview.textContent).toContain('Claim your reward');
  });

  it('signed out: the notice and a sign-in link that returns here; nothing is sent', async () => {
    mocks.session = { status: 'signed-out' };
    const user = userEvent.setup();
    const requests = fakeOrders();
    const d = renderDialog();
    const notice = within(d.dialog).getByRole('alert');
    expect(notice.textContent).toContain('You must be logged in to place an order');
    const link = within(notice).getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fcatalog%3Fcountry%3DUS');
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '40');
    await user.click(d.sendNow());
    expect(document.activeElement).toBe(link);
    expect(requests).toEqual([]);
  });

  it('in another currency, sends the held quote’s id; an expired quote gets a new one and nothing is charged until sent again', async () => {
    mocks.session = {
      ...signedIn,
      user: { ...signedIn.user, organisation: { ...signedIn.user.organisation, id: 'o1' } },
    };
    const quotes: string[] = [];
    const orders: { key: string; body: Record<string, unknown> }[] = [];
    const quoteAnswer = (n: number) => ({
      success: true,
      quote_id: `00000000-0000-4000-8000-00000000000${n}`,
      from: 'GBP',
      to: 'USD',
      rate: n === 1 ? '1.2700' : '1.2800',
      source: 'sandbox-reference',
      created_at: '2026-11-26T10:00:00.000Z',
      expires_at: '2026-11-26T10:01:00.000Z',
      expires_in: 60,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/v1/fx/quotes') {
          quotes.push(init.body as string);
          return json(201, quoteAnswer(quotes.length));
        }
        const body = JSON.parse(init.body as string);
        orders.push({ key: (init.headers as Record<string, string>)['idempotency-key'] ?? '', body });
        if (orders.length === 1) {
          return json(409, { success: false, error: 'The FX quote expired', code: 'QUOTE_EXPIRED' });
        }
        return json(201, orderAnswer(body));
      }),
    );
    const user = userEvent.setup();
    const d = renderDialog(tescoUk);
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '10');
    // £10.00 at 1.27 is $12.70, and its fee $0.32: $13.02.
    await waitFor(() => expect(d.summary()['Charged in USD']).toBe('$13.02'));
    expect(within(d.dialog).getByText(/This rate is held for you/)).toBeTruthy();
    expect(JSON.parse(quotes[0] as string)).toEqual({ from: 'GBP', to: 'USD' });
    await user.click(d.sendNow());
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith('Failed to send reward', expect.anything()));
    expect(orders[0]?.body.quote_id).toBe('00000000-0000-4000-8000-000000000001');
    // A new quote at the new rate is on screen before anything is sent again: $12.80 + $0.32.
    await waitFor(() => expect(d.summary()['Charged in USD']).toBe('$13.12'));
    expect(orders).toHaveLength(1);
    await user.click(d.sendNow());
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]?.body.quote_id).toBe('00000000-0000-4000-8000-000000000002');
    // The refusal was final for its key: the confirmed new total goes with a new one.
    expect(orders[1]?.key).not.toBe(orders[0]?.key);
  });
});

describe('SendRewardDialog for a recipient’s choice (decision 080)', () => {
  it('sends the set and currency instead of a product, one reward, with the same sums and the cards the value allows', async () => {
    const user = userEvent.setup();
    const requests = fakeOrders((body) =>
      json(201, orderAnswer({ ...(body as { amount: string; email: string }), quantity: 1 })),
    );
    const preview = vi.fn((amount: string, currency: string) => <p>Cards at {`${amount} ${currency}`}</p>);
    const d = renderDialog(null as unknown as typeof amazon, {
      choice: { label: 'Coffee and books', choice: { choice_set_id: '3b6f1e2d-8c4a-4f7e-9d1b-2a5c7e9f0b13' } },
      choicePreview: preview,
    });
    expect(within(d.dialog).getByText('Recipient’s choice: Coffee and books, delivered by email')).toBeTruthy();
    // No product, no quantity: one card of the recipient's choosing, in the billing currency unless changed.
    expect((within(d.dialog).getByLabelText('Currency') as HTMLSelectElement).value).toBe('USD');
    expect(within(d.dialog).queryByRole('spinbutton', { name: 'Quantity' })).toBeNull();
    await user.type(d.email(), 'pat@example.com');
    await user.type(d.amount(), '25');
    expect(d.summary()).toEqual({ Subtotal: '$25.00', 'Processing Fee (2.5%)': '$0.63', Total: '$25.63' });
    expect(within(d.dialog).getByText('Cards at 25 USD')).toBeTruthy();
    await user.click(d.sendNow());
    await waitFor(() => expect(d.onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.map((r) => r.body)).toEqual([
      {
        choice: { choice_set_id: '3b6f1e2d-8c4a-4f7e-9d1b-2a5c7e9f0b13' },
        currency: 'USD',
        amount: '25.00',
        email: 'pat@example.com',
        quantity: 1,
        message: '',
      },
    ]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Reward sent', {
      description: 'Sent $25.00 Recipient’s choice (Coffee and books) to pat@example.com.',
    });
  });
});
