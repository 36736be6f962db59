// @vitest-environment happy-dom
import type { OrderDetail, OrderStats, OrderSummary } from '@giftrelay/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthHooks } from '@/lib/api-client';
import { aCharge, anOrder, anOrderDetail, anOrderList, someStats } from '@/testing/order-data';
import { DESKTOP_WIDTH, PHONE_WIDTH, setViewportWidth } from '@/testing/viewport';
import { SEARCH_PLACEHOLDER } from './order-search';
import { OrdersPage } from './orders-page';
import { NO_MATCH_TEXT } from './orders-table';

const mocks = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

const ADA = anOrder();
const BOB = anOrder({
  order_id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  status: 'failed',
  brand: 'Starbucks',
  product_name: 'Starbucks Gift Card',
  currency: 'GBP',
  amount: 10,
  quantity: 2,
  charged: aCharge({ currency: 'USD', rate: '1.27', subtotal: 25.4, fee: 0.64, total: 26.04 }),
  recipient_email: 'bob@example.com',
  recipient_name: null,
  completed_at: null,
  failed_at: '2026-03-02T10:16:00.000Z',
  failure_reason: 'This gift card is out of stock at the provider',
});

/** The server's edge: what each request asked, and what the orders API answers. */
interface FakeApi {
  orders: OrderSummary[];
  pages?: Record<string, { orders: OrderSummary[]; next_cursor: string | null }>;
  stats: OrderStats;
  details: Record<string, OrderDetail>;
  requests: URL[];
}

let fake: FakeApi;
const server = setupServer(
  http.get('/api/v1/orders', ({ request }) => {
    const url = new URL(request.url);
    fake.requests.push(url);
    const cursor = url.searchParams.get('cursor') ?? '';
    if (fake.pages) {
      const page = fake.pages[cursor];
      return HttpResponse.json(anOrderList(page?.orders ?? [], page?.next_cursor ?? null));
    }
    const q = url.searchParams.get('q')?.toLowerCase();
    const status = url.searchParams.get('status');
    const orders = fake.orders.filter(
      (o) => (!q || (o.recipient_email ?? '').includes(q)) && (!status || o.status === status),
    );
    return HttpResponse.json(anOrderList(orders));
  }),
  http.get('/api/v1/orders/stats', ({ request }) => {
    fake.requests.push(new URL(request.url));
    return HttpResponse.json(fake.stats);
  }),
  http.get('/api/v1/orders/:id', ({ params }) => {
    const detail = fake.details[params.id as string];
    if (!detail)
      return HttpResponse.json({ success: false, error: 'Order not found', code: 'NOT_FOUND' }, { status: 404 });
    return HttpResponse.json({ success: true, ...detail });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  // The table is the desktop layout; the phone's cards have tests of their own below.
  setViewportWidth(DESKTOP_WIDTH);
  fake = {
    orders: [ADA, BOB],
    stats: someStats(),
    details: { [ADA.order_id]: anOrderDetail(), [BOB.order_id]: anOrderDetail(BOB) },
    requests: [],
  };
  setAuthHooks({ getAccessToken: () => 'access-token', refresh: async () => false });
  for (const fn of Object.values(mocks.toast)) fn.mockReset();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});

let location: ReturnType<typeof useLocation>;
function LocationProbe() {
  location = useLocation();
  return null;
}
const searchOf = () => new URLSearchParams(location.search);

function renderPage(url = '/orders') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <OrdersPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

const table = () => screen.getByRole('region', { name: 'Orders' });
const rowsOf = () => within(table()).getAllByRole('row').slice(1);
const figures = () =>
  Object.fromEntries(
    within(screen.getByLabelText('Order figures'))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
const lastRequest = (path: string) => fake.requests.filter((u) => u.pathname === path).at(-1);

describe('OrdersPage', () => {
  it('shows the figures and a row per order with every column', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Order History' })).toBeTruthy();
    expect(screen.getByPlaceholderText(SEARCH_PLACEHOLDER)).toBeTruthy();
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    await waitFor(() =>
      expect(figures()).toEqual({ 'Total Orders': '2', Delivered: '1', Pending: '0', 'Total Value': '$1,234.50' }),
    );
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order ID', 'Recipient', 'Reward', 'Amount', 'Status', 'Date', 'Method']);
    const [ada, bob] = rowsOf().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    );
    expect(ada).toEqual([
      '0B5F6F3E',
      'ada@example.comAda Lovelace',
      'AmazonAmazon.com Gift Card',
      '$25.00',
      'Delivered',
      expect.stringMatching(/2026/),
      'Email',
    ]);
    expect(bob?.slice(1, 5)).toEqual([
      'bob@example.com',
      'StarbucksStarbucks Gift Card',
      '2 × £10.00Charged $26.04',
      'Failed',
    ]);
    const link = within(table()).getByRole('link', { name: `Order ${ADA.order_id}` });
    expect(link.getAttribute('title')).toBe(ADA.order_id);
    expect(lastRequest('/api/v1/orders')?.searchParams.get('limit')).toBe('20');
  });

  it('searches after typing pauses, keeping the search in the URL, and says so when nothing matches', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'bob');
    await waitFor(() => expect(searchOf().get('q')).toBe('bob'));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(lastRequest('/api/v1/orders')?.searchParams.get('q')).toBe('bob');
    expect(lastRequest('/api/v1/orders/stats')?.searchParams.get('q')).toBe('bob');
    // The search was asked for once, not per letter.
    expect(fake.requests.filter((u) => u.pathname === '/api/v1/orders' && u.searchParams.has('q'))).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'nobody{Enter}');
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeTruthy();
    expect(searchOf().get('q')).toBe('nobody');
  });

  it('filters by status from the URL and from the select', async () => {
    const { user } = renderPage('/orders?q=example&status=completed');
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect((screen.getByRole('searchbox', { name: 'Search orders' }) as HTMLInputElement).value).toBe('example');
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select.textContent).toBe('Delivered');
    expect(lastRequest('/api/v1/orders')?.searchParams.get('status')).toBe('completed');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(searchOf().get('status')).toBe('failed'));
    await waitFor(() => expect(within(rowsOf()[0] as HTMLElement).getByText('bob@example.com')).toBeTruthy());
    expect(lastRequest('/api/v1/orders/stats')?.searchParams.get('status')).toBe('failed');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All Statuses' }));
    await waitFor(() => expect(searchOf().has('status')).toBe(false));
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
  });

  it('shows the mode asked for, labels sandbox orders Sandbox, and switches to live orders', async () => {
    fake.orders = [anOrder({ sandbox: true }), { ...BOB, sandbox: false }];
    const { user } = renderPage('/orders?mode=sandbox&cursor=c1');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(lastRequest('/api/v1/orders')?.searchParams.get('mode')).toBe('sandbox');
    expect(lastRequest('/api/v1/orders/stats')?.searchParams.get('mode')).toBe('sandbox');
    const [sandboxRow, liveRow] = rowsOf() as HTMLElement[];
    expect(within(sandboxRow as HTMLElement).getByText('Sandbox')).toBeTruthy();
    expect(within(liveRow as HTMLElement).queryByText('Sandbox')).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Mode' });
    expect(select.textContent).toBe('Sandbox orders');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Live orders' }));
    await waitFor(() => expect(searchOf().get('mode')).toBe('live'));
    // Another mode starts again at the first page.
    expect(searchOf().has('cursor')).toBe(false);
    await waitFor(() => expect(lastRequest('/api/v1/orders')?.searchParams.get('mode')).toBe('live'));
  });

  it('has no mode switch for an organisation in the sandbox, and asks for its own mode', async () => {
    renderPage();
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Mode' })).toBeNull();
    expect(lastRequest('/api/v1/orders')?.searchParams.has('mode')).toBe(false);
  });

  it('welcomes an organisation with no orders differently from a search that finds none', async () => {
    fake.orders = [];
    fake.stats = someStats({ total_orders: 0, delivered: 0, failed: 0, total_value: 0 });
    renderPage();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send your first reward' }).getAttribute('href')).toBe('/catalog');
    expect(screen.queryByText(NO_MATCH_TEXT)).toBeNull();
  });

  it('says when the orders cannot be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('/api/v1/orders', () =>
        fail
          ? HttpResponse.json(
              { success: false, error: 'Something went wrong', code: 'INTERNAL_ERROR' },
              { status: 500 },
            )
          : HttpResponse.json(anOrderList([ADA])),
      ),
    );
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your orders could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
  });

  it('leads away from a page link the server no longer takes', async () => {
    server.use(
      http.get('/api/v1/orders', ({ request }) =>
        new URL(request.url).searchParams.has('cursor')
          ? HttpResponse.json(
              { success: false, error: 'query.cursor: cursor is not valid', code: 'VALIDATION_ERROR' },
              { status: 400 },
            )
          : HttpResponse.json(anOrderList([ADA])),
      ),
    );
    const { user } = renderPage('/orders?status=completed&cursor=stale');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('cursor is not valid');
    await user.click(within(alert).getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(searchOf().has('cursor')).toBe(false);
    expect(searchOf().get('status')).toBe('completed');
  });

  it('pages with Next and Previous, the page kept in the URL', async () => {
    const third = anOrder({ order_id: '11111111-2222-4333-8444-555555555555', recipient_email: 'cy@example.com' });
    fake.pages = {
      '': { orders: [ADA, BOB], next_cursor: 'c2' },
      c2: { orders: [third], next_cursor: null },
    };
    const { user } = renderPage();
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    const previous = within(pagination).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(searchOf().get('cursor')).toBe('c2'));
    await waitFor(() =>
      expect(rowsOf().map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
        'cy@example.comAda Lovelace',
      ]),
    );
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(searchOf().has('cursor')).toBe(false));
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
  });

  it('opens an order from its row, with the order in the URL, and closes it again', async () => {
    const { user } = renderPage('/orders?status=completed');
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    await user.click(within(table()).getByRole('link', { name: `Order ${ADA.order_id}` }));
    expect(searchOf().get('order')).toBe(ADA.order_id);
    expect(searchOf().get('status')).toBe('completed');
    const dialog = await screen.findByRole('dialog', { name: 'Order 0B5F6F3E' });
    await within(dialog).findByText('Thank you for a great quarter!');
    expect(within(dialog).getByText('•••• 7Q2K')).toBeTruthy();
    expect(within(dialog).getByText('Not opened yet')).toBeTruthy();
    expect(within(dialog).getByText('$0.63')).toBeTruthy();
    const history = within(dialog).getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.firstElementChild?.nextElementSibling?.textContent),
    ).toEqual(['Order placed', 'Delivered']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(searchOf().has('order')).toBe(false);
    expect(searchOf().get('status')).toBe('completed');
  });

  it('opens from a shared link; a failed order shows its reason and offers no resend', async () => {
    renderPage(`/orders?order=${BOB.order_id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Order 9C1D2E3F' });
    await within(dialog).findAllByText('This gift card is out of stock at the provider');
    expect(within(dialog).getByText('Charged (USD)')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Resend email' })).toBeNull();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(searchOf().has('order')).toBe(false));
  });

  it('shows a partly delivered order as such in its row and its detail: what was delivered, what was refunded, which reward failed (decision 058)', async () => {
    const partial = anOrder({
      order_id: '3d4e5f60-7182-4394-a5b6-c7d8e9f0a1b2',
      quantity: 3,
      issued_count: 1,
      failed_count: 2,
      failure_reason: 'The gift-card provider declined the order',
      charged: aCharge({ currency: 'USD', rate: '1', subtotal: 75, fee: 1.88, total: 76.88, released: 51.25 }),
    });
    fake.orders = [partial];
    fake.details[partial.order_id] = anOrderDetail({
      ...partial,
      rewards: ['issued', 'failed', 'failed'].map((status, i) => ({
        id: `5a1e0c9d-1111-4b2b-8c3c-9d8e7f6a5b4${i}`,
        status: status as 'issued' | 'failed',
        code_masked: status === 'issued' ? '•••• 7Q2K' : null,
        issued_at: status === 'issued' ? partial.completed_at : null,
        claim: { first_opened_at: null, open_count: 0 },
        void: null,
        chosen_product_code: null,
      })),
      history: [
        { type: 'order.created', at: partial.created_at, detail: {} },
        {
          type: 'order.completed',
          at: partial.created_at,
          detail: { reason: 'The gift-card provider declined the order' },
        },
        { type: 'reward.failed', at: partial.created_at, detail: { position: 2, refund_minor: 2563, currency: 'USD' } },
        { type: 'reward.failed', at: partial.created_at, detail: { position: 3, refund_minor: 2562, currency: 'USD' } },
      ],
    });
    const { user } = renderPage();
    await within(table()).findByText('Partly delivered');
    await user.click(within(table()).getByRole('link', { name: `Order ${partial.order_id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Order 3D4E5F60' });
    await within(dialog).findByText('1 of 3 rewards');
    expect(within(dialog).getAllByText('Partly delivered').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('1 of 3 rewards')).toBeTruthy();
    expect(within(dialog).getByText('$51.25')).toBeTruthy();
    expect(within(dialog).getAllByText('Never issued: its share was refunded')).toHaveLength(2);
    expect(within(dialog).getByText('Reward #2 not issued')).toBeTruthy();
    expect(within(dialog).getByText('$25.62 back on the balance')).toBeTruthy();
  });

  it('says so when a linked order does not exist', async () => {
    renderPage('/orders?order=not-an-order');
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('We could not find this order.');
  });
});

describe('OrdersPage at 375 px', () => {
  beforeEach(() => setViewportWidth(PHONE_WIDTH));

  const cards = () => within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');

  it('shows each order as a card with what its row says, and no table', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Order History' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders' })).toBeNull();
    const [ada, bob] = cards() as [HTMLElement, HTMLElement];
    expect(within(ada).getByRole('link', { name: `Order ${ADA.order_id}` }).textContent).toBe('0B5F6F3E');
    for (const fact of ['Delivered', 'ada@example.com', 'Ada Lovelace', 'Amazon', 'Amazon.com Gift Card', '$25.00'])
      expect(within(ada).getByText(fact)).toBeTruthy();
    expect(ada.textContent).toMatch(/2026/);
    expect(ada.textContent).toContain('Email');
    expect(within(bob).getByRole('link', { name: `Order ${BOB.order_id}` }).textContent).toBe('9C1D2E3F');
    for (const fact of [
      'Failed',
      'bob@example.com',
      'Starbucks',
      'Starbucks Gift Card',
      '2 × £10.00',
      'Charged $26.04',
    ])
      expect(within(bob).getByText(fact)).toBeTruthy();
  });

  it('opens an order from its card', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[1] as HTMLElement).getByRole('link', { name: `Order ${BOB.order_id}` }));
    expect(searchOf().get('order')).toBe(BOB.order_id);
    expect(await screen.findByRole('dialog', { name: 'Order 9C1D2E3F' })).toBeTruthy();
  });

  it('keeps the empty states and the pagination', async () => {
    fake.orders = [];
    renderPage();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    cleanup();
    fake.orders = [ADA, BOB];
    const { user } = renderPage('/orders?q=nobody');
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeTruthy();
    cleanup();
    fake.pages = { '': { orders: [ADA], next_cursor: 'c2' }, c2: { orders: [BOB], next_cursor: null } };
    renderPage();
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('bob@example.com')).toBeTruthy());
  });

  it('turns the table into cards as the window narrows below 768 px', async () => {
    // Only this way round: a happy-dom MediaQueryList reports no change until it has first matched.
    setViewportWidth(768);
    renderPage();
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    act(() => setViewportWidth(767));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Resend email', () => {
  function withResend(answer: (body: Record<string, unknown>) => Response) {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/orders/:id/resend', async ({ request, params }) => {
        expect(request.headers.get('authorization')).toBe('Bearer access-token');
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const response = answer(body);
        if (response.ok) {
          const detail = fake.details[params.id as string] as OrderDetail;
          detail.history.push({
            type: 'email.resent',
            at: '2026-03-03T09:00:00.000Z',
            detail: { to: body.email ?? detail.recipient_email },
          });
        }
        return response;
      }),
    );
    return bodies;
  }

  async function openAda() {
    const { user } = renderPage(`/orders?order=${ADA.order_id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Order 0B5F6F3E' });
    const form = await within(dialog).findByRole('form', { name: 'Resend email' });
    return { user, dialog, form, email: within(form).getByLabelText('Send to') as HTMLInputElement };
  }

  it('resends to a corrected address; the history shows it', async () => {
    const bodies = withResend((body) =>
      HttpResponse.json({ success: true, order_id: ADA.order_id, recipient_email: body.email, recipient_phone: null }),
    );
    const { user, dialog, form, email } = await openAda();
    expect(email.value).toBe('ada@example.com');
    await user.clear(email);
    await user.type(email, 'ada.lovelace@example.com');
    await user.click(within(form).getByRole('button', { name: 'Resend email' }));
    await waitFor(() =>
      expect(mocks.toast.success).toHaveBeenCalledWith('Email resent', {
        description: 'The reward email is on its way to ada.lovelace@example.com.',
      }),
    );
    expect(bodies).toEqual([{ email: 'ada.lovelace@example.com' }]);
    const history = within(dialog).getByRole('region', { name: 'History' });
    expect(await within(history).findByText('To ada.lovelace@example.com')).toBeTruthy();
  });

  it('resends to the same address without naming it again', async () => {
    const bodies = withResend(() =>
      HttpResponse.json({
        success: true,
        order_id: ADA.order_id,
        recipient_email: 'ada@example.com',
        recipient_phone: null,
      }),
    );
    const { user, form } = await openAda();
    await user.click(within(form).getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalled());
    expect(bodies).toEqual([{}]);
  });

  it.each([
    [409, 'CONFLICT', 'Only delivered orders can be resent', 'This order cannot be resent'],
    [400, 'VALIDATION_ERROR', 'email must be a valid email address', 'Check the email address'],
    [429, 'RATE_LIMITED', 'Too many resends for this order; try again in an hour', 'Resent too often'],
  ])('shows a %i %s clearly, beside the form', async (status, code, error, title) => {
    withResend(() => HttpResponse.json({ success: false, error, code }, { status }));
    const { user, form, email } = await openAda();
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Resend email' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(`${title}${error}`);
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });
});

describe('Export', () => {
  const CSV_HEADER = 'order_id,created_at,status,recipient_email\n';

  function streamedCsv(rows: string[], { isEndless = false } = {}) {
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(CSV_HEADER));
        for (const row of rows) controller.enqueue(encoder.encode(row));
        if (!isEndless) controller.close();
      },
    });
  }

  function captureDownloads() {
    const saved: { filename: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ filename: '', blob: blob as Blob });
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.filename = this.download;
    });
    return saved;
  }

  it('downloads every order matching the search and filter, under the server’s file name', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('/api/v1/orders/export', ({ request }) => {
        asked.push(new URL(request.url));
        expect(request.headers.get('authorization')).toBe('Bearer access-token');
        return new HttpResponse(streamedCsv([`${ADA.order_id},2026-03-02,completed,ada@example.com\n`]), {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="giftrelay-orders-2026-03-02.csv"',
          },
        });
      }),
    );
    const saved = captureDownloads();
    const { user } = renderPage('/orders?q=ada&status=completed');
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(mocks.toast.success).toHaveBeenCalledWith('Export ready', {
        description: '1 order saved to giftrelay-orders-2026-03-02.csv.',
      }),
    );
    expect(asked.map((u) => u.search)).toEqual(['?q=ada&status=completed']);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.filename).toBe('giftrelay-orders-2026-03-02.csv');
    expect(await saved[0]?.blob.text()).toContain(`${ADA.order_id},2026-03-02,completed,ada@example.com`);
  });

  it('shows the rows received against the total while it runs, and Cancel stops it', async () => {
    fake.stats = someStats({ total_orders: 5 });
    server.use(
      http.get(
        '/api/v1/orders/export',
        () => new HttpResponse(streamedCsv(['1,a,b,c\n', '2,a,b,c\n'], { isEndless: true })),
      ),
    );
    const saved = captureDownloads();
    const { user } = renderPage();
    await waitFor(() => expect(figures()['Total Orders']).toBe('5'));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const progress = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuetext')).toBe('2 of 5 orders'));
    expect(screen.getByRole('button', { name: 'Exporting…' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(mocks.toast.info).toHaveBeenCalledWith('Export cancelled'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(saved).toHaveLength(0);
  });

  it('says why an export failed', async () => {
    server.use(
      http.get('/api/v1/orders/export', () =>
        HttpResponse.json(
          { success: false, error: 'q must be at most 200 characters', code: 'VALIDATION_ERROR' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Export failed', {
        description: 'q must be at most 200 characters',
      }),
    );
  });
});
