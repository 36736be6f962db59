// @vitest-environment happy-dom
import type { ChoiceSet } from '@giftrelay/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { BulkSendPage } from './bulk-send-page';

vi.mock('@/lib/auth/use-session', () => ({
  useSession: () => ({ status: 'signed-in', user: { role: 'owner', organisation: { billing_currency: 'USD' } } }),
}));

const treats: ChoiceSet = {
  id: '3b6f1e2d-8c4a-4f7e-9d1b-2a5c7e9f0b13',
  name: 'Treats',
  product_codes: ['AMAZON-US', 'STARBUCKS-US'],
  rule: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BulkSendPage with a recipient’s choice (decision 080)', () => {
  it('sends the choice set as the default, and its currency in rows that name none', async () => {
    const user = userEvent.setup();
    const previews: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.startsWith('/api/v1/choice-sets?'))
          return json(200, { success: true, data: [treats], has_more: false, next_cursor: null });
        if (url.startsWith('/api/v1/products?'))
          return json(200, { success: true, data: [], products: [], has_more: false, next_cursor: null });
        if (url === '/api/v1/batches/preview') {
          previews.push(JSON.parse(init.body as string));
          // Enough for this test: what the page asked, not what the server answers.
          return json(503, { success: false, error: 'Try again.', code: 'SERVICE_UNAVAILABLE' });
        }
        return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderPage(<BulkSendPage />);
    const sets = await screen.findByLabelText('Or let each recipient choose their card');
    await waitFor(() => expect(sets.textContent).toContain('Treats'));
    await user.selectOptions(sets, treats.id);
    await user.selectOptions(screen.getByLabelText('Currency of the amounts'), 'GBP');
    await user.click(screen.getByLabelText('Or paste rows'));
    await user.paste('email,amount,currency\nada@example.com,25,\nbo@example.com,30,EUR');
    await user.click(screen.getByRole('button', { name: 'Use pasted rows' }));
    // Neither a product code nor a choice set column is needed: every row gets the set.
    await user.click(await screen.findByRole('button', { name: 'Check rows' }));
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]).toMatchObject({
      default_choice_set_id: treats.id,
      rows: [
        { email: 'ada@example.com', amount: '25', currency: 'GBP' },
        { email: 'bo@example.com', amount: '30', currency: 'EUR' },
      ],
    });
    expect(previews[0]).not.toHaveProperty('default_product_code');
  });
});
