import { expect } from '@playwright/test';
import { signedInTest as test } from '../support/fixtures';
import { gotoReady } from './helpers';

// The home page loads no session code (docs/decisions/006); the session must still be there
// for the app pages it links to.
test('signed in, the prerendered home page leads back to the dashboard without signing in again', async ({ page }) => {
  await page.goto('/dashboard');
  const organisation = await page.getByTestId('organisation-name').textContent();
  await gotoReady(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('organisation-name')).toHaveText(organisation ?? '');
});
