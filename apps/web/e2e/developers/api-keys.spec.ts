import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { toasts } from '../sending/helpers';
import { signedInTest as test } from '../support/fixtures';

test('create an API key in Settings → Developers, use it (its own curl command, the products, an order), revoke it and see 401', async ({
  page,
  request,
}) => {
  await page.goto('/settings?tab=developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('tab', { name: 'Developers' }).click();
  await expect(page.getByRole('tab', { name: 'Developers' })).toHaveAttribute('aria-selected', 'true');
  const name = `Payroll ${Date.now()}`;

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please name the key');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Expires').selectOption('30');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = (await shown.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^gr_test_[A-Za-z0-9_-]{43}$/);
  await expect(toasts(page).filter({ hasText: 'API key created' })).toBeVisible();

  // The dialog's own curl command works as pasted.
  const snippet = (await shown.getByTestId('api-key-curl').textContent()) ?? '';
  expect(snippet).toContain(key);
  const balance = JSON.parse(execFileSync('sh', ['-c', `${snippet} -sS`], { encoding: 'utf8' }));
  expect(balance).toMatchObject({ success: true, currency: 'USD' });

  const auth = { authorization: `Bearer ${key}` };
  const products = await request.get('/api/v1/products?country=US&currency=USD&limit=50', { headers: auth });
  expect(products.status()).toBe(200);
  const product = ((await products.json()).data as { code: string; denominations: number[] | null }[]).find(
    (p) => !p.denominations?.length,
  );
  const order = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: product?.code, amount: 25, email: 'api-key-e2e@example.com', quantity: 1 },
  });
  expect(order.status()).toBe(201);

  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(`gr_test_…${key.slice(-4)}`);
  await expect(row).toContainText('Full access');
  await expect(page.getByText(key)).toHaveCount(0);

  // A monthly budget for the key (decision 090): its row shows what the order above spent of it,
  // and the key's next order past what is left is refused with the same figures.
  await row.getByRole('button', { name: `Budget for ${name}` }).click();
  const budget = page.getByRole('dialog', { name: `Monthly budget for ${name}` });
  await budget.getByLabel('Monthly budget (USD)').fill('40');
  await budget.getByRole('button', { name: 'Save budget' }).click();
  await expect(budget).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Budget saved' })).toContainText('may send $40.00 a month');
  await expect(row).toContainText(/Budget: \$1\d\.\d\d of \$40\.00 left this month/);
  const left = /Budget: (\$1\d\.\d\d) of/.exec((await row.textContent()) ?? '')?.[1];
  const past = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: product?.code, amount: 20, email: 'api-key-e2e@example.com', quantity: 1 },
  });
  expect(past.status()).toBe(422);
  expect(await past.json()).toMatchObject({ code: 'BUDGET_EXCEEDED' });
  expect((await past.json()).error).toContain(`${left} of`);
  await page.reload();
  await expect(row).toContainText(`Budget: ${left} of $40.00 left this month`);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Revoke “${name}”?` });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(toasts(page).filter({ hasText: 'API key revoked' })).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await request.get('/api/v1/balance', { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('UNAUTHORIZED');
});
