import { type Browser, expect, type Page } from '@playwright/test';
import { toasts } from '../sending/helpers';
import { PASSWORD } from './accounts';

/** Settings → Members: invites `email` with a role through the dialog, and sees it listed. */
export async function invite(page: Page, email: string, role: 'Admin' | 'Sender' | 'Viewer') {
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: new RegExp(`^${role}`) }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Invitation sent' }).filter({ hasText: email })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations' }).getByText(email)).toBeVisible();
}

/** A new person, in a browser of their own, opens the invitation in /mailbox and joins with a password. */
export async function joinFromMailbox(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/mailbox');
  const message = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(`To ${email}`) });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.click();
  const mail = page.frameLocator('iframe[title^="Email: You are invited"]');
  await mail.getByRole('link', { name: 'Accept the invitation' }).click();
  await expect(page).toHaveURL(/\/invitations\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await page.getByLabel('Choose a password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}
