import { expect } from '@playwright/test';
import { axe } from '../support/axe';
import { chooseCatalog } from '../support/catalog';
import { signedInTest as test } from '../support/fixtures';
import { openSendDialog, toasts } from './helpers';

// SMS delivery (issue 32, decisions 082 and 088) with nothing configured: the send dialog takes a
// mobile number instead of an email, the text lands in the built-in mailbox beside the emails
// (shown as SMS), and its claim link opens the claim page. A fictional number (+1 NXX 555-01XX) of
// the run's own.
test('send by phone only from the send dialog, read the text in the built-in mailbox, follow its claim link', async ({
  page,
}) => {
  test.slow();
  const area = 201 + Math.floor(Math.random() * 700);
  const line = String(100 + Math.floor(Math.random() * 100)).padStart(4, '0');
  const phone = `+1${area}555${line}`;

  await page.goto('/catalog');
  await chooseCatalog(page, 'United States', 'USD', 'Retail');
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  // No email: the mobile number alone is the recipient (decision 088).
  await expect(dialog.getByLabel('Recipient Email')).toHaveValue('');
  const mobile = dialog.getByLabel('Recipient mobile (optional with an email)');
  // A typo is caught as typed, at the field.
  await mobile.fill('+1 555');
  await dialog.getByLabel('Amount').fill('10');
  const typo = 'Enter a mobile number with its country code, such as +44 7700 900123';
  await expect(dialog.getByText(typo)).toBeVisible();
  const sendNow = dialog.getByRole('button', { name: 'Send now' });
  await expect(sendNow).toBeDisabled();
  // Send now stays pressable (aria-disabled, as in send-dialog-rules): pressed, it sends nothing
  // and the dialog's notice says why.
  await sendNow.click({ force: true });
  await expect(dialog.getByRole('alert').filter({ hasText: typo })).toBeVisible();
  await mobile.fill(`+1 ${area} 555 ${line}`);
  // From the keyboard: Enter in the field sends.
  await mobile.press('Enter');
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toBeVisible();
  await expect(toasts(page).filter({ hasText: phone })).toBeVisible();

  await page.goto('/mailbox');
  const text = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(`To \\${phone}`) });
  await expect(text).toBeVisible({ timeout: 20_000 });
  await expect(text.getByText('SMS', { exact: true })).toBeVisible();
  await text.click();
  const bubble = page.getByRole('region', { name: `Text message to ${phone}` });
  await expect(bubble).toContainText(/sent you a \$10\.00 Amazon\.com gift card: .* STOP to opt out$/);
  expect((await axe(page).analyze()).violations).toEqual([]);
  await bubble.getByRole('link').click();
  await expect(page).toHaveURL(/\/claim\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('$10.00 Amazon');
});
