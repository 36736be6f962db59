import { expect, test } from '@playwright/test';
import { newEmail, signInThroughApi } from '../support/accounts';
import { axe } from '../support/axe';
import { fundedLiveOwner, operatorToken } from '../support/live';

/** The fake Tango's range card (FAKE_TANGO.activeRangeUtid in apps/server/test/fake-tango.ts). */
const RANGE_CARD = 'U157189';
/** The amount whose cards the live server's fake Tango takes and never confirms (scripts/e2e-live.ts). */
const LOST = 13.13;
/** Named in the live server's OPERATOR_EMAILS. */
const OPERATOR = { email: 'operator-review-e2e@example.com', password: 'violet-Harbour-42' };

// A card that may exist is never refunded without a person deciding (issue 29, decision 058): the
// provider takes the order and cannot say whether it issued the card; the reward waits in
// the operator area → Reward review, its money held, until an operator decides.
test('a card the provider may have issued waits for an operator, who refunds it once the provider has none', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { headers, balance } = await fundedLiveOwner(request, OPERATOR, 100);
  expect(await balance()).toBe(100);

  const placed = await request.post('/api/v1/orders', {
    headers,
    data: { product_code: RANGE_CARD, amount: LOST, email: newEmail('lost'), quantity: 1 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).order_id as string;
  // The provider timed out and its look-up failed: in review, the money held (13.13 + 2.5 % fee).
  await expect
    .poll(async () => (await (await request.get(`/api/v1/orders/${orderId}`, { headers })).json()).rewards[0].status, {
      timeout: 45_000,
    })
    .toBe('review');
  expect(await balance()).toBe(86.54);

  await signInThroughApi(page, OPERATOR, '/operator/reward-reviews');
  const item = page.getByRole('list', { name: 'Rewards in review' }).getByRole('listitem').filter({ hasText: orderId });
  await expect(item).toContainText('$13.13');
  await expect(item).toContainText('$13.46');
  expect((await axe(page).include('section[aria-labelledby="reward-reviews-heading"]').analyze()).violations).toEqual(
    [],
  );
  await item.getByLabel('Note for the audit log (optional)').fill('Tango support: no order with this reference.');
  await item.getByRole('button', { name: 'No card was issued' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Refund this reward?' });
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Reward refunded')).toBeVisible();
  await expect(item).toHaveCount(0);

  // The held share is back, the reward failed, and the operator's token still sees no review left.
  expect(await balance()).toBe(100);
  const order = await (await request.get(`/api/v1/orders/${orderId}`, { headers })).json();
  expect(order.rewards[0].status).toBe('failed');
  const left = await request.get('/api/v1/operator/reward-reviews', {
    headers: { authorization: `Bearer ${await operatorToken(request, OPERATOR)}` },
  });
  expect(((await left.json()).data as { order_id: string }[]).map((r) => r.order_id)).not.toContain(orderId);
  // A customer is no operator: the queue does not exist for them.
  expect((await request.get('/api/v1/operator/reward-reviews', { headers })).status()).toBe(404);
});
