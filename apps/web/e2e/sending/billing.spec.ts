import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { toasts } from './helpers';

test('billing shows the sandbox balance, and a top-up raises it, with bad amounts refused', async ({ page }) => {
  await signUpAndSignIn(page);
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(main.getByText('Billing currency: USD')).toBeVisible();
  const figure = (label: string) => main.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(figure('Available')).toContainText('$5,000.00');
  await expect(figure('Held')).toContainText('$0.00');
  // The sandbox's limits, said where money is added (decision 063; the e2e server's RATE_LIMIT_FACTOR is 100).
  await expect(
    main.getByText(
      'A sandbox balance holds at most $100,000.00. Sandbox is not a mail relay: sandbox rewards reach your organisation’s members, and at most 2500 other addresses a day (0 used today).',
    ),
  ).toBeVisible();

  const amount = page.getByLabel('Amount (USD)');
  const add = page.getByRole('button', { name: 'Add funds' });
  await add.click();
  await expect(main.getByRole('alert')).toHaveText('Enter an amount to add');
  await expect(amount).toBeFocused();
  for (const [typed, message] of [
    ['abc', 'Enter the amount as a number with at most 2 decimals'],
    ['10.005', 'Enter the amount as a number with at most 2 decimals'],
    ['0', 'The amount must be more than 0'],
    ['100000.01', 'You can add at most $100,000.00 at a time'],
  ] as const) {
    await amount.fill(typed);
    await add.click();
    await expect(main.getByRole('alert')).toContainText(message);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  }

  await amount.fill('1,500.50');
  await add.click();
  await expect(toasts(page).filter({ hasText: 'Funds added' })).toContainText(
    '$1,500.50 of sandbox funds added. Available: $6,500.50.',
  );
  await expect(figure('Available')).toContainText('$6,500.50');
  await expect(page.getByTestId('header-balance')).toContainText('$6,500.50');
  await expect(amount).toHaveValue('');

  // A quick amount fills the field.
  await page.getByRole('button', { name: '$1,000.00' }).click();
  await expect(amount).toHaveValue('1000');
  await add.click();
  await expect(figure('Available')).toContainText('$7,500.50');

  // It survives a reload: the balance comes from the server.
  await page.reload();
  await expect(figure('Available')).toContainText('$7,500.50');
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
