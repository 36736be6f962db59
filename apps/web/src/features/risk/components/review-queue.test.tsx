// @vitest-environment happy-dom
import type { ListRiskReviewsResponseSchema, RiskReview, RiskReviewDetail } from '@giftrelay/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderPage } from '@/testing/render-page';
import { ReviewQueue } from './review-queue';

const get = vi.fn();
const post = vi.fn();
// No pause between a person's actions: a loaded machine makes each of them slow enough.
const userEvent = userEventBase.setup({ delay: null });

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  get.mockReset();
  post.mockReset();
});

const REVIEW: RiskReview = {
  id: '4f1c2d3e-0000-4000-8000-000000000001',
  status: 'pending',
  stage: 'claim',
  scope: 'organisation',
  organisation_id: '4f1c2d3e-0000-4000-8000-000000000002',
  order_id: '4f1c2d3e-0000-4000-8000-000000000003',
  reward_id: '4f1c2d3e-0000-4000-8000-000000000004',
  recipient_email: 'sam@example.com',
  brand: 'Amazon',
  product_name: 'Amazon.com Gift Card',
  amount: 25,
  amount_minor: 2500,
  currency: 'USD',
  held: 25.75,
  held_minor: 2575,
  charge_currency: 'USD',
  matched: [
    {
      rule_id: '4f1c2d3e-0000-4000-8000-000000000005',
      scope: 'organisation',
      kind: 'claim_country_mismatch',
      action: 'hold',
      reason: 'Opened in France, the reward is for the United States',
    },
  ],
  claim: { ip: '203.0.113.7', country: 'FR', reward_country: 'US' },
  created_at: '2026-05-01T09:30:00.000Z',
  decided_at: null,
  decided_by_email: null,
  note: null,
  refund: null,
  sandbox: false,
};

const page = (data: RiskReview[]): z.infer<typeof ListRiskReviewsResponseSchema> => ({
  success: true,
  data,
  has_more: false,
  next_cursor: null,
});

it('says it is loading, then that nothing waits, with the way to the rules', async () => {
  let answer: (value: unknown) => void = () => {};
  get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderPage(<ReviewQueue scope="organisation" />);
  expect(screen.getByRole('status', { name: 'Loading the review queue' })).toBeTruthy();
  answer(page([]));
  expect(await screen.findByText('Nothing waits for review')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'risk rules' }).getAttribute('href')).toBe('/settings?tab=risk');
  expect(get).toHaveBeenCalledWith('/api/v1/risk/reviews?status=pending&limit=25', expect.anything());
});

it('says why the queue could not load, and asks again', async () => {
  get.mockRejectedValueOnce(new Error('The server is down.'));
  renderPage(<ReviewQueue scope="platform" />);
  expect((await screen.findByRole('alert')).textContent).toContain('We could not load the review queue.');
  get.mockResolvedValue(page([]));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Nothing waits for review')).toBeTruthy();
  expect(get).toHaveBeenLastCalledWith('/api/v1/operator/risk/reviews?status=pending&limit=25', expect.anything());
});

it('shows what was held, why, and from where; the recipient’s history on demand', async () => {
  const detail: RiskReviewDetail = {
    ...REVIEW,
    recipient_history: {
      orders: 3,
      rewards: 3,
      held_before: 1,
      blocked_before: 0,
      first_order_at: '2026-04-01T09:00:00.000Z',
      recent: [
        {
          order_id: '4f1c2d3e-0000-4000-8000-000000000006',
          status: 'completed',
          amount: 10,
          currency: 'USD',
          created_at: '2026-04-02T09:00:00.000Z',
        },
      ],
    },
  };
  get.mockImplementation(async (path: string) =>
    path.includes('?') ? page([REVIEW]) : { success: true, review: detail },
  );
  renderPage(<ReviewQueue scope="organisation" />);
  const item = await screen.findByRole('listitem', { name: '$25.00 Amazon.com Gift Card to sam@example.com' });
  expect(item.textContent).toContain('$25.75 held');
  expect(within(item).getByRole('region', { name: 'Why it was held' }).textContent).toContain(
    'Claimed from another country',
  );
  expect(item.textContent).toContain('Opened in France, the reward is for the United States');
  expect(within(item).getByTestId('review-claim').textContent).toBe(
    'Claim page opened from 203.0.113.7 in France (FR); the reward is for United States (US).',
  );
  await userEvent.click(within(item).getByRole('button', { name: 'Recipient’s history' }));
  const history = await within(item).findByTestId('recipient-history');
  expect(history.textContent).toContain('3 orders (3 rewards) to this address');
  expect(history.textContent).toContain('Held 1 time before, blocked 0.');
  expect(history.textContent).toContain('$10.00 · Delivered');
  expect(get).toHaveBeenCalledWith(`/api/v1/risk/reviews/${REVIEW.id}`, expect.anything());
});

it('releases after asking, with an Idempotency-Key; a refusal stays in the dialog', async () => {
  get.mockResolvedValue(page([REVIEW]));
  const { ApiError } = await import('@/lib/api-client');
  post.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'This review was already decided.'));
  renderPage(<ReviewQueue scope="organisation" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Release the reward of $25.00 to sam@example.com' }));
  const dialog = screen.getByRole('dialog', { name: 'Release this reward?' });
  expect(dialog.textContent).toContain('its claim page shows the code at once');
  await userEvent.click(within(dialog).getByLabelText('Note for the audit log (optional)'));
  await userEvent.paste('Travelling');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Release reward' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('This review was already decided.');
  const [path, body, opts] = post.mock.calls[0] ?? [];
  expect(path).toBe(`/api/v1/risk/reviews/${REVIEW.id}/release`);
  expect(body).toEqual({ note: 'Travelling' });
  expect(opts.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

  post.mockResolvedValueOnce({ success: true, review: { ...REVIEW, status: 'released' } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Release reward' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // A final refusal ended the first key: the second decision is a request of its own.
  expect(post.mock.calls[1]?.[2].headers['idempotency-key']).not.toBe(opts.headers['idempotency-key']);
});

it('leaves a live reward a platform rule held to GiftRelay’s operators', async () => {
  get.mockResolvedValue(page([{ ...REVIEW, scope: 'platform', stage: 'order', claim: null }]));
  renderPage(<ReviewQueue scope="organisation" />);
  const item = await screen.findByRole('listitem', { name: '$25.00 Amazon.com Gift Card to sam@example.com' });
  expect(item.textContent).toContain('A platform rule held it: GiftRelay decides.');
  expect(within(item).queryByRole('button', { name: /^Release/ })).toBeNull();
});
