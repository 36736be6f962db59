import { expect, test } from '@playwright/test';
import { newEmail, signInThroughApi } from '../support/accounts';
import { fundedLiveOwner } from '../support/live';
import { seriousViolations, toasts } from '../support/studio';

/** The fake Tango's range card (FAKE_TANGO.activeRangeUtid in apps/server/test/fake-tango.ts). */
const RANGE_CARD = 'U157189';
/** Named in the live server's OPERATOR_EMAILS (scripts/e2e-live.ts). */
const OPERATOR = { email: 'operator-risk-e2e@example.com', password: 'violet-Harbour-42' };

// Platform risk rules (issue 37, decision 083): an operator holds an address for every
// organisation; a live organisation's reward to it waits in the platform review queue, and the
// operator blocks it: the held amount goes back exactly.
test('an operator adds a platform rule, and blocks the live reward it held', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { headers, balance } = await fundedLiveOwner(request, OPERATOR, 100);
  const suspect = newEmail('suspect');

  await signInThroughApi(page, OPERATOR, '/operator/risk-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Risk rules' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a platform rule' });
  await form.getByLabel('Email address').fill('not-an-address');
  await form.getByRole('button', { name: 'Add platform rule' }).click();
  await expect(form.getByText('An email address, such as someone@example.com')).toBeVisible();
  await form.getByLabel('Email address').fill(suspect);
  await form.getByRole('combobox', { name: 'When it matches' }).click();
  await page.getByRole('option', { name: 'Hold for an operator’s review' }).click();
  await form.getByLabel('Reason shown to reviewers (optional)').fill('Chargeback ring');
  await form.getByRole('button', { name: 'Add platform rule' }).click();
  await expect(toasts(page).filter({ hasText: 'Platform rule added' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Platform rules' }).getByRole('listitem', { name: `Recipient address ${suspect}` }),
  ).toContainText('Holds for review');

  // The live organisation's reward to that address is held, its total with it (10 + 2.5 % fee).
  const placed = await request.post('/api/v1/orders', {
    headers,
    data: { product_code: RANGE_CARD, amount: 10, email: suspect, quantity: 1 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = await placed.json();
  expect(order.status).toBe('pending_review');
  expect(await balance()).toBe(89.75);

  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', { name: /^Risk review/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Risk review' })).toBeVisible();
  const held = page
    .getByRole('list', { name: 'Rewards held by platform rules' })
    .getByRole('listitem', { name: `to ${suspect}` });
  await expect(held.getByRole('region', { name: 'Why it was held' })).toContainText('Platform rule');
  await expect(held).toContainText('Chargeback ring');
  expect(await seriousViolations(page)).toEqual([]);

  await held.getByRole('button', { name: /^Block the reward/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Block this reward?' });
  await expect(confirm).toContainText('$10.25 goes back to the balance');
  await confirm.getByRole('button', { name: 'Block reward' }).click();
  await expect(toasts(page).filter({ hasText: 'Reward blocked' })).toContainText('$10.25');
  await expect(held).toHaveCount(0);

  // Exactly what was held is back; the order says blocked.
  expect(await balance()).toBe(100);
  const after = await (await request.get(`/api/v1/orders/${order.order_id}`, { headers })).json();
  expect(after.status).toBe('blocked');
});
