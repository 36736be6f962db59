// @vitest-environment happy-dom
import type { ChoiceSet } from '@giftrelay/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { ChoiceSetsPage } from './choice-sets-page';

const mocks = vi.hoisted(() => ({
  session: {} as Record<string, unknown>,
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('@/lib/auth/use-session', () => ({ useSession: () => mocks.session }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

const as = (role: string) => ({
  status: 'signed-in',
  user: { email: 'jane@example.com', role, organisation: { name: 'Acme', billing_currency: 'USD', sandbox: true } },
});

const coffee: ChoiceSet = {
  id: '3b6f1e2d-8c4a-4f7e-9d1b-2a5c7e9f0b13',
  name: 'Coffee and books',
  product_codes: ['STARBUCKS-US', 'AMAZON-US'],
  rule: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const facets = {
  success: true,
  countries: [{ code: 'US', name: 'United States', count: 40 }],
  currencies: [{ code: 'USD', count: 40 }],
  categories: [{ name: 'Retail', count: 20 }],
  totals: { products: 40, brands: 40, countries: 1 },
  sandbox: true,
};

/** The API's edge: the list from `sets` (or a failure), and each write recorded and answered. */
function fakeApi(state: { sets: ChoiceSet[] | 'error' }) {
  const writes: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && url.startsWith('/api/v1/choice-sets?')) {
        if (state.sets === 'error') return json(500, { success: false, error: 'Boom.', code: 'INTERNAL_ERROR' });
        return json(200, { success: true, data: state.sets, has_more: false, next_cursor: null });
      }
      if (method === 'GET' && url === '/api/v1/catalog/facets') return json(200, facets);
      if (method === 'GET' && url.startsWith('/api/v1/products?'))
        return json(200, { success: true, data: [], products: [], has_more: false, next_cursor: null });
      if (method === 'GET') return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      writes.push({ method, url, body });
      if (method === 'DELETE') {
        state.sets = [];
        return json(200, { success: true });
      }
      const made = { ...coffee, id: '9c4d2e1f-0a1b-4c2d-8e3f-4a5b6c7d8e9f', product_codes: null, ...body };
      state.sets = [made];
      return json(201, { success: true, choice_set: made });
    }),
  );
  return writes;
}

beforeEach(() => {
  mocks.session = as('owner');
  mocks.toast.success.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChoiceSetsPage', () => {
  it('says when there are none yet and makes one from a rule', async () => {
    const user = userEvent.setup();
    const writes = fakeApi({ sets: [] });
    renderPage(<ChoiceSetsPage defaultCurrency="USD" />);
    expect(await screen.findByText('No choice sets yet')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'New choice set' })[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'New choice set' });
    await user.click(within(dialog).getByRole('button', { name: 'Create choice set' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Give the set a name', 'Choose at least one card']);
    await user.type(within(dialog).getByLabelText('Name'), 'Retail in the US');
    await user.click(within(dialog).getByRole('radio', { name: /A rule/ }));
    await user.selectOptions(await within(dialog).findByLabelText('Category'), 'Retail');
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    await user.click(within(dialog).getByRole('button', { name: 'Create choice set' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      {
        method: 'POST',
        url: '/api/v1/choice-sets',
        body: { name: 'Retail in the US', rule: { category: 'Retail', country: 'US' } },
      },
    ]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Choice set created', { description: 'Retail in the US' });
    expect((await screen.findByRole('article', { name: 'Retail in the US' })).textContent).toContain(
      'Retail cards from United States that accept the value',
    );
  });

  it('lists the sets; a sender may send from one but not change it', async () => {
    mocks.session = as('sender');
    fakeApi({ sets: [coffee] });
    const onSend = vi.fn();
    renderPage(<ChoiceSetsPage defaultCurrency="USD" onSend={onSend} />);
    const set = await screen.findByRole('article', { name: 'Coffee and books' });
    expect(set.textContent).toContain('2 cards: STARBUCKS-US, AMAZON-US');
    expect(within(set).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(set).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New choice set' })).toBeNull();
    await userEvent.setup().click(within(set).getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith(coffee);
  });

  it('deletes a set once confirmed', async () => {
    const user = userEvent.setup();
    const writes = fakeApi({ sets: [coffee] });
    renderPage(<ChoiceSetsPage defaultCurrency="USD" />);
    const set = await screen.findByRole('article', { name: 'Coffee and books' });
    await user.click(within(set).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No choice sets yet')).toBeTruthy();
    expect(writes).toEqual([{ method: 'DELETE', url: `/api/v1/choice-sets/${coffee.id}`, body: undefined }]);
  });

  it('a list that could not load says so and can be asked again', async () => {
    const state: { sets: ChoiceSet[] | 'error' } = { sets: 'error' };
    fakeApi(state);
    renderPage(<ChoiceSetsPage defaultCurrency="USD" />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your choice sets.');
    state.sets = [coffee];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Coffee and books' })).toBeTruthy();
  });
});
