import { expect, type Page, test } from '@playwright/test';
import { toasts } from '../sending/helpers';
import { PASSWORD, signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';

/** Settings → Profile & security (issue 15, decision 034), as a person clicks through it. */

async function expectAccessible(page: Page) {
  const scan = await axe(page).include('main').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

const sessions = (page: Page) => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');

test('name the account, see both devices, sign the other one out, change the password', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = await signUpAndSignIn(page);
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Profile & security' }).click();
  await expect(page).toHaveURL(/tab=profile/);

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Your name').fill('Ada Lovelace');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(toasts(page).filter({ hasText: 'Profile saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Your name')).toHaveValue('Ada Lovelace');

  // A second browser signs in: it shows here beside this one, which is marked. (Verifying the
  // address through the API signed in too: that session is listed as well.)
  await expect(sessions(page).filter({ hasText: 'This device' })).toHaveCount(1);
  const before = await sessions(page).count();
  const other = await (await browser.newContext()).newPage();
  await signInThroughApi(other, account);
  await page.reload();
  await expect(sessions(page)).toHaveCount(before + 1);
  await expect(sessions(page).filter({ hasText: 'This device' })).toHaveCount(1);
  // Playwright's desktop browser says it is Chrome on Windows; the address is this machine's.
  await expect(sessions(page).filter({ hasNotText: 'This device' }).first()).toContainText('Chrome on Windows');
  await expect(sessions(page).filter({ hasText: 'This device' })).toContainText('127.0.0.1');

  // Signed out everywhere else: the other browser is sent to sign in at its next step.
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(toasts(page).filter({ hasText: 'Signed out everywhere else' })).toContainText(
    `${before} other session${before === 1 ? '' : 's'} ended`,
  );
  await expect(sessions(page)).toHaveCount(1);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);

  // The password: a wrong current one is refused by name, then it changes.
  const change = page.getByRole('form', { name: 'Change password' });
  await change.getByLabel('Current password').fill('not-my-password');
  await change.getByLabel('New password', { exact: true }).fill('another-Harbour-43');
  await change.getByLabel('Confirm new password').fill('another-Harbour-43');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText('This is not your current password')).toBeVisible();
  await change.getByLabel('Current password').fill(PASSWORD);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(toasts(page).filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(change.getByLabel('Current password')).toHaveValue('');
});

// One test scans both themes, signed up once (decision 064).
test('the Profile & security tab passes axe and fits the screen, light and dark @both', async ({ page }) => {
  await signUpAndSignIn(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/settings?tab=profile');
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(sessions(page).filter({ hasText: 'This device' })).toHaveCount(1);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
