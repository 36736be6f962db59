import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { newEmail, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { apiToken, balanceOf, toasts } from './helpers';

// Bulk batches (issue 16, decision 043): a 50-row CSV with 3 bad rows and headings the app does not
// know, its columns matched by hand, the preview's per-row problems and totals, the send, the
// progress to the end, and the results downloaded; then the pages at 375 px with axe.

/** 47 good rows of $10 Amazon cards and 3 bad ones (rows 7, 23 and 41), with unusual headings. */
function teamCsv(): string {
  const lines = ['Work email,Value,Gift,Full name'];
  for (let i = 1; i <= 50; i++) {
    if (i === 7) lines.push('not-an-email,10,AMAZON-US,Bad Email');
    else if (i === 23) lines.push(`${newEmail('bulk')},10,NO-SUCH-CARD,Bad Product`);
    else if (i === 41) lines.push(`${newEmail('bulk')},99999,AMAZON-US,Too Much`);
    else lines.push(`${newEmail('bulk')},10,AMAZON-US,"Person ${i}, Team"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function expectAccessible(page: Page) {
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('upload a 50-row CSV with 3 bad rows, match its columns, check, send, watch it finish and download the results', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  await page.goto('/orders');
  await page.getByRole('link', { name: 'Send in bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Send in bulk' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({
    name: 'team.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(teamCsv()),
  });
  // Value and Full name are known headings; Work email and Gift are not, so the page asks.
  await expect(page.getByText('team.csv: 50 rows')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Choose a column for email, product code.');
  await expect(page.getByRole('button', { name: 'Check rows' })).toBeDisabled();
  await expect(page.getByLabel('Amount')).toHaveValue('1');
  await page.getByLabel('Email').selectOption({ label: 'Work email' });
  await page.getByLabel('Product code').selectOption({ label: 'Gift' });
  await expect(page.getByText('e.g. AMAZON-US')).toBeVisible();
  await page.getByRole('button', { name: 'Check rows' }).click();

  // Every row checked by the server: 47 ready, 3 with their problems; 47 × ($10 + $0.25 fee).
  await expect(page.getByText('47 of 50', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('definition').filter({ hasText: '$481.75' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '$4,518.25' })).toBeVisible();
  await page.getByLabel(/Only rows with problems/).check();
  const problems = page.getByTestId('preview-row');
  await expect(problems).toHaveCount(3);
  await expect(problems.nth(0)).toContainText('email must be a valid email address');
  await expect(problems.nth(1)).toContainText('Product code NO-SUCH-CARD does not exist or is not available');
  await expect(problems.nth(2)).toContainText('amount must be between');
  await page.getByLabel('Batch name (optional)').fill('Team thank-yous');
  await page.getByRole('button', { name: 'Send 47 rewards' }).click();
  await expect(toasts(page).filter({ hasText: 'Batch accepted' })).toContainText('47 rewards are on their way.');

  // The batch's page: the progress moves to the end on its own.
  await expect(page).toHaveURL(/\/orders\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Team thank-yous' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Accepted' })).toHaveAttribute('aria-valuetext', '50 of 50 rows', {
    timeout: 30_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Delivered' })).toHaveAttribute(
    'aria-valuetext',
    '47 delivered, 0 failed of 47',
    { timeout: 60_000 },
  );
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('batch-row').first()).toContainText('Delivered');
  await page.getByLabel('Show').selectOption({ label: 'Not sent: problems' });
  await expect(page.getByTestId('batch-row')).toHaveCount(3);
  await expect(page.getByTestId('header-balance')).toContainText('$4,518.25');
  expect(await balanceOf(request, token)).toMatchObject({ available: 4518.25, held: 0 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giftrelay-batch-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(51);
  expect(lines[0]).toBe(
    'row,status,email,amount,product_code,quantity,recipient_name,send_at,order_id,order_status,charged_total,errors,failure_reason',
  );
  expect(lines.filter((l) => l.includes(',ordered,') && l.includes(',completed,'))).toHaveLength(47);
  expect(lines[7]).toMatch(/^7,invalid,not-an-email,/);
  await expect(toasts(page).filter({ hasText: 'Results downloaded' })).toBeVisible();

  // The batches list names it.
  await page.getByRole('link', { name: 'Your batches' }).click();
  await expect(page.getByRole('link', { name: 'Team thank-yous' })).toBeVisible();
});

test('the bulk pages work at 375 px wide and pass axe @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndSignIn(page);
  await page.goto('/orders/bulk');
  await expect(page.getByRole('heading', { name: 'Send in bulk' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Or paste rows').fill(`email,amount,product\n${newEmail('paste')},10,AMAZON-US\n`);
  await page.getByRole('button', { name: 'Use pasted rows' }).click();
  await expect(page.getByText('Pasted rows: 1 row')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('1 of 1', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Send 1 reward' }).click();
  await expect(page.getByRole('progressbar', { name: 'Delivered' })).toHaveAttribute(
    'aria-valuetext',
    '1 delivered, 0 failed of 1',
    { timeout: 60_000 },
  );
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
