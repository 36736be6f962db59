import { expect, test } from '@playwright/test';
import { toasts } from '../sending/helpers';
import { createVerifiedAccount, newEmail, signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { operatorAccount } from '../support/studio';

// Platform operators (decision 041): OPERATOR_EMAILS names operator-e2e@example.com on the test
// server. An operator adds a colleague and removes them again; a customer never sees the tab.
test('an operator adds a colleague as an operator and removes them; a customer has no such tab', async ({ page }) => {
  // Named by OPERATOR_EMAILS: the only way to be an operator on this server (decision 056), whoever
  // verified first. Made by whichever spec needs it first (other workers' too).
  await signInThroughApi(page, await operatorAccount(page.request));
  const colleague = await createVerifiedAccount(page.request, { email: newEmail('colleague') });
  // The studio's pages are theirs.
  await page.goto('/blog/generator');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Blog Generator' })).toBeVisible();
  // The old Settings → Operators tab leads to the operator area (issue 35).
  await page.goto('/settings?tab=operators');
  await expect(page).toHaveURL(/\/operator\/live-requests$/);
  await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Operators' });
  // Named by OPERATOR_EMAILS.
  await expect(list).toContainText('operator-e2e@example.com');

  const form = page.getByRole('form', { name: 'Add an operator' });
  await form.getByLabel('Add an operator by email').fill('nobody-here@example.com');
  await form.getByRole('button', { name: 'Add operator' }).click();
  await expect(form.getByText(/No verified account has this address/)).toBeVisible();
  await form.getByLabel('Add an operator by email').fill(colleague.email);
  await form.getByRole('button', { name: 'Add operator' }).click();
  await expect(toasts(page).filter({ hasText: 'Operator added' })).toContainText(colleague.email);
  await expect(list).toContainText(`granted by operator-e2e@example.com`);
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await list.getByRole('button', { name: `Remove ${colleague.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove operator' }).click();
  await expect(toasts(page).filter({ hasText: 'Operator removed' })).toBeVisible();
  await expect(list).not.toContainText(colleague.email);

  // A customer: the tab is not there, and asking for it opens Organisation.
  await page.context().clearCookies();
  await page.goto('/login');
  await signUpAndSignIn(page);
  await page.goto('/settings?tab=operators');
  await expect(page.getByRole('tab', { name: 'Organisation' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Operators' })).toHaveCount(0);
  // And the studio's pages are the 404 page, signed in or not.
  for (const path of ['/blog/generator', '/landing-page-generator', '/operator/operators']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  }
  await page.context().clearCookies();
  await page.goto('/landing-page-generator');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
});
