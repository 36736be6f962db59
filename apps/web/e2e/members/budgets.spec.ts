import { expect } from '@playwright/test';
import { openSendDialog, toasts } from '../sending/helpers';
import { newEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { signedInTest as test } from '../support/fixtures';

const RETAIL = '/catalog?country=US&currency=USD&category=Retail';

/**
 * Budgets (issue 37, decision 084), as an owner meets them: a monthly budget set in Settings →
 * Members, shown in the send dialog before sending, a reward past it refused with what is left and
 * nothing sent; the budget cleared again (the worker's account is shared with other journeys).
 */
test('a monthly budget set in Settings → Members shows in the send dialog and refuses a reward past it', async ({
  page,
  account,
}) => {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Members' }).click();
  const me = page.getByRole('list', { name: 'Members' }).getByTestId('member-row').filter({ hasText: account.email });
  await me.getByRole('button', { name: `Budget for ${account.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Monthly budget for ${account.email}` });
  const amount = dialog.getByLabel('Monthly budget (USD)');
  await amount.fill('ten');
  await dialog.getByRole('button', { name: 'Save budget' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter an amount in USD, or leave it empty for no budget');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('30');
  expect((await axe(page).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Save budget' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Budget saved' })).toContainText('may send $30.00 a month');
  await expect(me).toContainText(/Budget: \$[\d.,]+ of \$30\.00 left this month/);

  await page.goto(RETAIL);
  const send = await openSendDialog(page, 'Amazon.com Gift Card');
  const note = send.getByRole('note').filter({ hasText: 'left this month' });
  await expect(note).toContainText(/\$[\d.,]+ of \$30\.00 left this month\./);
  await send.getByLabel('Recipient Email').fill(newEmail('budget'));
  await send.getByLabel('Amount').fill('40');
  await expect(note).toContainText('This reward costs more than what is left of your monthly budget');
  await send.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: 'Failed to send reward' })).toContainText(
    /This costs \$41\.00 with the fee and \$[\d.,]+ of your \$30\.00 monthly budget is left/,
  );
  await expect(send).toBeVisible();

  // Cleared again: no budget, no line in the dialog.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Members' }).click();
  await me.getByRole('button', { name: `Budget for ${account.email}` }).click();
  await dialog.getByLabel('Monthly budget (USD)').fill('');
  await dialog.getByRole('button', { name: 'Clear budget' }).click();
  await expect(toasts(page).filter({ hasText: 'Budget cleared' })).toBeVisible();
  await expect(me).not.toContainText('Budget:');
});
