import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { newEmail, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { apiToken, balanceOf, toasts } from './helpers';

// Bulk batches (issue 16, decision 043; issue 35, decision 077): the reward picked on the page, a
// 20-row CSV of recipients and amounts only (no product codes) with headings the app does not
// know, the server's check numbering lines as the spreadsheet does, a bad email fixed in place and
// checked again without re-uploading, the send, "19 sent, 1 not sent", and the results downloaded;
// then the pages at 375 px with axe.

/** 18 good rows of $10 and 2 bad ones: a bad email on line 5 (fixed in place) and $99,999 on line 12. */
function teamCsv(): string {
  const lines = ['Work email,Value,Full name'];
  for (let line = 2; line <= 21; line++) {
    if (line === 5) lines.push('not-an-email,10,Bad Email');
    else if (line === 12) lines.push(`${newEmail('bulk')},99999,Too Much`);
    else lines.push(`${newEmail('bulk')},10,"Person ${line}, Team"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function expectAccessible(page: Page) {
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('pick the reward, upload recipients and amounts only, fix a bad line in place, send and see 19 sent, 1 not sent', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  await page.goto('/orders');
  await page.getByRole('link', { name: 'Send in bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Send in bulk' })).toBeVisible();

  await page.getByLabel('Search rewards').fill('Amazon');
  await page.getByRole('radio', { name: /^Amazon\.com Gift Card/ }).check();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'team.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(teamCsv()),
  });
  // Value and Full name are known headings; Work email is not, so the page asks. No product column
  // is needed: the rows get the reward picked above.
  await expect(page.getByText('team.csv: 20 rows')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Choose a column for email or mobile.');
  await expect(page.getByText('Rows without one get Amazon.com Gift Card')).toBeVisible();
  await page.getByLabel('Email').selectOption({ label: 'Work email' });
  await page.getByRole('button', { name: 'Check rows' }).click();

  // Checked by the server: 18 ready, 2 with problems, numbered as the spreadsheet shows them.
  await expect(page.getByText('18 of 20', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel(/Only rows with problems/).check();
  const problems = page.getByTestId('preview-row');
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0).getByRole('cell').first()).toHaveText('5');
  await expect(problems.nth(1).getByRole('cell').first()).toHaveText('12');
  await expect(problems.nth(0)).toContainText('email must be a valid email address');
  await expect(problems.nth(1)).toContainText('$99,999.00');
  await expect(problems.nth(1)).toContainText('amount must be between');

  // Line 5 fixed where it stands and checked again, nothing re-uploaded.
  const fixed = newEmail('fixed');
  await problems.nth(0).getByRole('button', { name: 'Fix line 5' }).click();
  await page.getByLabel('Email on line 5').fill(fixed);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('19 of 20', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(problems).toHaveCount(1);
  await page.getByLabel(/Only rows with problems/).uncheck();
  const line5 = page.getByTestId('preview-row').nth(3);
  await expect(line5).toContainText(fixed);
  await expect(line5).toContainText('Amazon.com Gift Card');
  await expect(line5).toContainText('$10.00');
  await expect(line5).toContainText('Ready');
  // 19 × ($10 + $0.25 fee) of the $5,000 sandbox balance.
  await expect(page.getByRole('definition').filter({ hasText: '$194.75' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Batch name (optional)').fill('Team thank-yous');
  await page.getByRole('button', { name: 'Send 19 rewards' }).click();
  await expect(toasts(page).filter({ hasText: 'Batch accepted' })).toContainText('19 rewards are on their way.');

  // The batch's page says what became of it, in the sender's words, once every order settled.
  await expect(page).toHaveURL(/\/orders\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Team thank-yous' })).toBeVisible();
  await expect(page.getByTestId('batch-outcome')).toHaveText('19 sent, 1 not sent', { timeout: 60_000 });
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
    'aria-valuetext',
    '20 of 20 rows done',
  );
  const first = page.getByTestId('batch-row').first();
  await expect(first).toContainText('Amazon.com Gift Card');
  await expect(first).toContainText('$10.00');
  await expect(first).toContainText('Delivered');
  await page.getByLabel('Show').selectOption({ label: 'Not sent: problems' });
  await expect(page.getByTestId('batch-row')).toHaveCount(1);
  await expect(page.getByTestId('batch-row').getByRole('cell').first()).toHaveText('12');
  await expect(page.getByTestId('header-balance')).toContainText('$4,805.25');
  expect(await balanceOf(request, token)).toMatchObject({ available: 4805.25, held: 0 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giftrelay-batch-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // Opened in a spreadsheet, each result sits on the line of the row it came from.
  expect(lines).toHaveLength(21);
  expect(lines[0]).toMatch(/^line,status,email,amount,product_code,product_name,/);
  expect(lines.filter((l) => l.includes(',ordered,') && l.includes(',completed,'))).toHaveLength(19);
  expect(lines[4]).toMatch(
    new RegExp(`^5,ordered,${fixed.replace(/[.+]/g, '\\$&')},10,AMAZON-US,Amazon.com Gift Card,`),
  );
  expect(lines[11]).toMatch(/^12,invalid,/);
  await expect(toasts(page).filter({ hasText: 'Results downloaded' })).toBeVisible();

  // The batches list names it with its outcome.
  await page.getByRole('link', { name: 'Your batches' }).click();
  await expect(page.getByRole('row', { name: /Team thank-yous/ })).toContainText('19 sent, 1 not sent');
});

test('the bulk pages work at 375 px wide and pass axe @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndSignIn(page);
  await page.goto('/orders/bulk');
  await expect(page.getByRole('heading', { name: 'Send in bulk' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Search rewards').fill('Amazon');
  await page.getByRole('radio', { name: /^Amazon\.com Gift Card/ }).check();
  await expectAccessible(page);
  await page.getByLabel('Or paste rows').fill(`email,amount\n${newEmail('paste')},10\n`);
  await page.getByRole('button', { name: 'Use pasted rows' }).click();
  await expect(page.getByText('Pasted rows: 1 row')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('1 of 1', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Send 1 reward' }).click();
  await expect(page.getByTestId('batch-outcome')).toHaveText('All 1 sent', { timeout: 60_000 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
