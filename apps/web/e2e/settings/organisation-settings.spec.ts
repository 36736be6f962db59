import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { sendThroughApi } from '../reporting/helpers';
import { apiToken, toasts } from '../sending/helpers';
import { newEmail, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';

/** A real 48×48 PNG of one colour, as a design tool would save a logo. */
function logoPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(48, 0);
  ihdr.writeUInt32BE(48, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(48 * 3, 0x90)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 48 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await axe(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('brand the recipient email in Settings, send a reward, see the colour, logo and sender on the claim page, and the change in the audit log', async ({
  page,
  request,
}) => {
  // Settings, an upload, a reward's fulfilment, the mailbox and the claim page: a journey.
  test.slow();
  const account = await signUpAndSignIn(page);
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Organisation' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Organisation settings' });
  await expect(form.getByLabel('Organisation name')).not.toHaveValue('');

  // A bad colour is refused beside the field, and nothing is sent.
  await form.getByLabel('Brand colour', { exact: true }).fill('red');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('A colour such as #4f46e5')).toBeVisible();

  await form.getByLabel('Sender name').fill('Acme People Team');
  await form.getByLabel('Brand colour', { exact: true }).fill('#be123c');
  await form.getByLabel('Reply-to address').fill('people@acme.example');
  const preview = page.getByTestId('email-header-preview');
  await expect(preview).toContainText('Acme People Team via GiftRelay');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page).filter({ hasText: 'Settings saved' })).toBeVisible();

  // A hostile SVG is refused with the reason; a PNG is taken and previewed.
  await page.getByTestId('logo-input').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(1)</script></svg>'),
  });
  await expect(form.getByRole('alert').filter({ hasText: 'it has a <script>' })).toBeVisible();
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(toasts(page).filter({ hasText: 'Logo updated' })).toBeVisible();
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await expect(preview.locator('img')).toBeVisible();

  const to = newEmail('recipient');
  await sendThroughApi(request, await apiToken(request, account), { product_code: 'AMAZON-US', amount: 25, email: to });
  await page.goto('/mailbox');
  const message = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(`To ${to}`) });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.click();
  const subject = '[Sandbox] Acme People Team sent you a $25.00 Amazon.com gift card';
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const mail = page.frameLocator(`iframe[title="Email: ${subject}"]`);
  await expect(mail.getByRole('img', { name: 'Acme People Team' })).toBeVisible();
  await mail.getByRole('link', { name: 'Claim your reward' }).click();
  await expect(page).toHaveURL(/\/claim\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('claim-sender')).toHaveText('Acme People Team');
  await expect(page.getByTestId('claim-sender-logo')).toBeVisible();
  await expect(page.getByTestId('claim-card')).toHaveAttribute('data-brand-colour', '#be123c');
  await expect(page.getByTestId('claim-card')).toHaveCSS('border-top-color', 'rgb(190, 18, 60)');

  await page.goto('/settings?tab=audit-log');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'Changed the logo' })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Changed settings' })).toContainText(
    'Brand colour: none → #be123c',
  );
  await expect(log.getByRole('row').filter({ hasText: 'Signed in' }).first()).toContainText(account.email);
  // Filtered to sign-ins only.
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Sign-ins and security' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Changed settings' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
});

test('set reminders and an automatic void of unopened rewards; a bad number is refused beside its field', async ({
  page,
}) => {
  await signUpAndSignIn(page);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Organisation settings' });
  const remind = form.getByLabel('Remind about unopened rewards after (days)');
  const voidAfter = form.getByLabel('Void unopened rewards after (days)');
  await expect(remind).toHaveValue('3');
  await expect(voidAfter).toHaveValue('');
  await voidAfter.fill('5');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('A whole number of days from 7 to 365, or empty for never')).toBeVisible();
  await expect(voidAfter).toHaveAttribute('aria-invalid', 'true');
  await voidAfter.fill('30');
  await remind.fill('');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page).filter({ hasText: 'Settings saved' })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Void unopened rewards after (days)')).toHaveValue('30');
  await expect(form.getByLabel('Remind about unopened rewards after (days)')).toHaveValue('');
});

// One test scans both themes, signed up once (decision 064).
test('the Organisation and Audit log tabs pass axe, light and dark @both', async ({ page }) => {
  test.slow(); // four axe scans of full pages: over 30 s on a loaded two-core machine
  await signUpAndSignIn(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(
      page.getByRole('form', { name: 'Organisation settings' }).getByLabel('Organisation name'),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
    await expectNoSeriousViolations(page);
    // Nothing sticks out sideways, at 375 px as on the desktop.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
