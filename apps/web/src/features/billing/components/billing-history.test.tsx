// @vitest-environment happy-dom
import type { BalanceTransaction, FundingInstructions } from '@giftrelay/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthHooks } from '@/lib/api-client';
import { BankTransferPanel } from './bank-transfer-panel';
import { TransactionsSection } from './transactions-section';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ORDER = '7c2e9a4b-1d3f-4e5a-9b6c-8d7e0f1a2b3c';
const entry = (id: number, over: Partial<BalanceTransaction> = {}): BalanceTransaction => ({
  id: String(id),
  created_at: '2026-11-26T07:09:12.000Z',
  kind: 'funding',
  type: 'Funding',
  description: 'Sandbox starting funds',
  order_id: null,
  batch_id: null,
  currency: 'USD',
  direction: 'credit',
  amount: 5000,
  amount_minor: 500_000,
  available_change: 5000,
  available_change_minor: 500_000,
  held_change: 0,
  held_change_minor: 0,
  available_after: 5000,
  available_after_minor: 500_000,
  ...over,
});
const CAPTURE = entry(3, {
  kind: 'capture',
  type: 'Capture',
  description: 'Order fulfilled',
  order_id: ORDER,
  direction: 'debit',
  amount: -25.63,
  amount_minor: -2563,
  available_change: 0,
  available_change_minor: 0,
  held_change: -25.63,
  held_change_minor: -2563,
  available_after: 4974.37,
  available_after_minor: 497_437,
});

let requests: URL[];
let pages: Record<string, { data: BalanceTransaction[]; next: string | null }>;
let instructions: FundingInstructions['bank_transfer'] | 'error';
const server = setupServer(
  http.get('/api/v1/balance/transactions', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const page = pages[url.searchParams.get('cursor') ?? ''] ?? { data: [], next: null };
    const kinds = url.searchParams.get('kind')?.split(',');
    const data = kinds ? page.data.filter((e) => kinds.includes(e.kind)) : page.data;
    return HttpResponse.json({ success: true, data, has_more: page.next !== null, next_cursor: page.next });
  }),
  http.get('/api/v1/balance/funding-instructions', () =>
    instructions === 'error'
      ? HttpResponse.json({ success: false, error: 'Something broke', code: 'INTERNAL_ERROR' }, { status: 500 })
      : HttpResponse.json({ success: true, bank_transfer: instructions }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  requests = [];
  pages = { '': { data: [CAPTURE, entry(1)], next: null } };
  instructions = { status: 'sandbox' };
  setAuthHooks({ getAccessToken: () => 'access-token', refresh: async () => false });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

let location: ReturnType<typeof useLocation>;
function LocationProbe() {
  location = useLocation();
  return null;
}

function renderWith(node: ReactNode, url = '/billing') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {node}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const rows = () =>
  within(screen.getByRole('region', { name: 'Transactions table' }))
    .getAllByRole('row')
    .slice(1);

describe('Transactions', () => {
  it('shows each movement with its sign and the word credit or debit, and links the order', async () => {
    renderWith(<TransactionsSection balanceVersion="1" />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [capture, funding] = rows() as [HTMLElement, HTMLElement];
    expect(capture.textContent).toContain('−$25.63 debit');
    expect(capture.textContent).toContain('Paid from held funds');
    expect(capture.textContent).toContain('2026-11-26 07:09 UTC');
    expect(
      within(capture)
        .getByRole('link', { name: `Order ${ORDER}` })
        .getAttribute('href'),
    ).toBe(`/orders/${ORDER}`);
    expect(funding.textContent).toContain('+$5,000.00 credit');
    expect(screen.getByText('Showing 2 transactions (all of them)')).toBeTruthy();
  });

  it('keeps the type filter in the address and asks the API for it; no match says so', async () => {
    const user = renderWith(<TransactionsSection balanceVersion="1" />, '/billing?checkout=done');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Capture' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(new URLSearchParams(location.search).getAll('type')).toEqual(['capture']);
    expect(new URLSearchParams(location.search).get('checkout')).toBe('done');
    expect(requests.at(-1)?.searchParams.get('kind')).toBe('capture');
    await user.click(screen.getByRole('checkbox', { name: 'Refund' }));
    await user.click(screen.getByRole('checkbox', { name: 'Capture' }));
    expect(await screen.findByText('No transactions match these filters')).toBeTruthy();
  });

  it('does not ask with a reversed range, and says why', async () => {
    renderWith(<TransactionsSection balanceVersion="1" />, '/billing?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText(/must be on or after/)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('loads more with the cursor the last page gave', async () => {
    pages = { '': { data: [CAPTURE], next: 'next.page' }, 'next.page': { data: [entry(1)], next: null } };
    const user = renderWith(<TransactionsSection balanceVersion="1" />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(requests.at(-1)?.searchParams.get('cursor')).toBe('next.page');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('Bank transfer panel', () => {
  it('gives a live organisation the account and its reference to quote', async () => {
    instructions = {
      status: 'available',
      currency: 'USD',
      beneficiary: 'GiftRelay Inc.',
      bank_name: 'First Example Bank',
      account_number: '000123456789',
      routing_number: '021000021',
      swift_code: null,
      bank_address: null,
      reference: 'GR-7K2M9Q4XZD',
      processing_time: 'Domestic transfers usually arrive in 1–2 business days.',
    };
    renderWith(<BankTransferPanel />);
    expect(await screen.findByText('GR-7K2M9Q4XZD')).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Fund by bank transfer' });
    expect(panel.textContent).toContain('000123456789');
    expect(panel.textContent).toContain('021000021');
    expect(panel.textContent).not.toContain('SWIFT');
    expect(within(panel).getByRole('button', { name: 'Copy reference' })).toBeTruthy();
  });

  it('tells a sandbox organisation transfers are for live ones, and says when none are set up', async () => {
    renderWith(<BankTransferPanel />);
    expect(await screen.findByText(/Bank transfers fund live organisations/)).toBeTruthy();
    cleanup();
    instructions = { status: 'not_configured' };
    renderWith(<BankTransferPanel />);
    expect(await screen.findByText(/Bank transfer is not set up on this instance/)).toBeTruthy();
    cleanup();
    instructions = 'error';
    renderWith(<BankTransferPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the bank details.');
  });
});
