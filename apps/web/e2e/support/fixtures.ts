import { test as base } from '@playwright/test';
import { type Account, createVerifiedAccount } from './accounts';

/**
 * `signedInTest`: a test whose page starts signed in, without the sign-up, the mailbox and the
 * login form (docs/decisions/019-a-fast-reliable-suite.md).
 *
 *   import { expect } from '@playwright/test';
 *   import { signedInTest as test } from '../support/fixtures';
 *   test('…', async ({ page, account }) => { await page.goto('/settings'); … });
 *
 * - One verified account per worker, made through the API once, shared by that worker's tests.
 *   Its organisation's balance and orders are whatever the worker's earlier tests left: a test
 *   that asserts a fresh $5,000.00 or an empty order list signs up its own account with
 *   `signUpAndSignIn` (./accounts.ts) instead.
 * - Each test gets a session of its own (a password grant through the API, before the browser
 *   opens, put in the context's storageState), so one test signing out or refreshing never
 *   touches another's.
 * - The journey that tests signing in itself keeps doing it through the login form.
 */
export const signedInTest = base.extend<{ account: Account }, { workerAccount: Account }>({
  workerAccount: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const account = await createVerifiedAccount(request);
      await request.dispose();
      await use(account);
    },
    { scope: 'worker' },
  ],
  account: async ({ workerAccount }, use) => use(workerAccount),
  storageState: async ({ playwright, baseURL, workerAccount }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    // The header asks for the refresh token as the httpOnly cookie the browser app uses.
    const res = await request.post('/api/v1/auth/token?grant_type=password', {
      data: workerAccount,
      headers: { 'x-session-cookie': '1' },
    });
    if (res.status() !== 200) throw new Error(`sign-in for the worker's account: ${res.status()} ${await res.text()}`);
    const { cookies } = await request.storageState();
    await request.dispose();
    // The app asks for a session on load only where its flag says there is one (lib/auth/session.ts).
    await use({
      cookies,
      origins: [{ origin: new URL(baseURL ?? '').origin, localStorage: [{ name: 'giftrelay-session', value: '1' }] }],
    });
  },
});
