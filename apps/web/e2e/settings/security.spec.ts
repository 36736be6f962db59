import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { toasts } from '../sending/helpers';
import { type Account, newEmail, PASSWORD, signUpAndSignIn, waitForEmail } from '../support/accounts';

/**
 * Settings → Profile & security, second part (issue 15, decision 037): two-factor sign-in set up
 * with an authenticator app and used to sign in (the app's codes are made from the key the page
 * shows, as the app would), a recovery code, the owners' requirement, a change of address through
 * the new inbox, and the password meter.
 */

/** The code the app shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(page: Page, account: Account) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('set up two-factor sign-in, sign in with the app’s code and with a recovery code, require it of owners', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await signUpAndSignIn(page);
  await page.goto('/settings?tab=profile');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('This is not your current password')).toBeVisible();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const scan = page.getByRole('dialog', { name: 'Scan the code' });
  await expect(scan.getByRole('img', { name: 'QR code to add GiftRelay to your authenticator app' })).toBeVisible();
  const secret = (await scan.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await scan.getByLabel('Code from the app').fill('12');
  await scan.getByRole('button', { name: 'Turn on' }).click();
  await expect(scan.getByText('Enter the 6 digits your app shows')).toBeVisible();
  await scan.getByLabel('Code from the app').fill(await codeAt(secret));
  await scan.getByRole('button', { name: 'Turn on' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const listed = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allInnerTexts();
  await expect(saved.getByRole('button', { name: 'Done' })).toBeDisabled();
  await saved.getByLabel('I have saved my recovery codes').check();
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-status')).toContainText('On since');
  await expect(page.getByTestId('two-factor-status')).toContainText('10 recovery codes left.');

  // Another browser: the password, then the app's next code.
  const laptop = await (await browser.newContext()).newPage();
  await passwordStep(laptop, account);
  await laptop.getByLabel('Authentication code').fill(await codeAt(secret, 1));
  await laptop.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(laptop).toHaveURL(/\/dashboard$/);

  // A third: a wrong code is refused by name; a recovery code signs in, once.
  const phone = await (await browser.newContext()).newPage();
  await passwordStep(phone, account);
  await phone.getByRole('button', { name: 'Use a recovery code' }).click();
  await phone.getByLabel('Recovery code').fill('aaaaa-bbbbb');
  await phone.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(phone.getByText('That code is not correct')).toBeVisible();
  await phone.getByLabel('Recovery code').fill(codes[0] as string);
  await phone.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  await page.reload();
  await expect(page.getByTestId('two-factor-status')).toContainText('9 recovery codes left.');

  // Now every owner has it, the organisation can require it of owners.
  await page.getByRole('tab', { name: 'Organisation' }).click();
  await page.getByLabel('Require two-factor sign-in for owners').check();
  await expect(toasts(page).filter({ hasText: 'Owners now need two-factor sign-in.' })).toBeVisible();
  await page.getByRole('tab', { name: 'Profile & security' }).click();
  await expect(page.getByText(/requires two-factor sign-in of its owners, so it stays on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
});

test('change the email address through the link sent to the new one', async ({ page, request }) => {
  const account = await signUpAndSignIn(page);
  const next = newEmail('moved');
  await page.goto('/settings?tab=profile');
  const form = page.getByRole('form', { name: 'Change email' });
  await expect(form).toContainText(`Your address is ${account.email}.`);
  await form.getByLabel('New email').fill(next);
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toContainText(`We sent a link to ${next}.`);
  await waitForEmail(request, account.email, /change of your GiftRelay email was requested/);

  const email = await waitForEmail(request, next, /Confirm your new email/);
  const link = email.text.match(/https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { name: 'Email changed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Your email address is now ${next}.` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Profile & security' }).click();
  await expect(page.getByRole('form', { name: 'Change email' })).toContainText(`Your address is ${next}.`);

  // Opened again, the link says it was used.
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('alert')).toContainText('This link has already been used.');
});

test('the password meter rates the password as it is typed, and a very weak one is refused with the reason', async ({
  page,
}) => {
  await page.goto('/login?mode=signup');
  await page.getByLabel('Email', { exact: true }).fill(newEmail('meter'));
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('aaaaaaaa');
  const meter = page.getByTestId('password-strength');
  await expect(meter).toContainText('Password strength: Very weak');
  await expect(meter).toContainText('Repeated characters');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toasts(page).filter({ hasText: 'This password is too easy to guess' })).toBeVisible();
  await password.fill('violet-Harbour-42');
  await expect(meter).toContainText('Password strength: Strong');
});
