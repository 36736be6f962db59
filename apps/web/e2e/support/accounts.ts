import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE_HEADER } from '@giftrelay/contracts/session-cookie';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
}

export const newEmail = (prefix = 'e2e') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
export const PASSWORD = 'violet-Harbour-42';

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The newest email to `to` whose subject matches, from the built-in mailbox. */
export async function waitForEmail(request: APIRequestContext, to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/mailbox?to=${encodeURIComponent(to)}`);
        const messages = ((await res.json()) as { messages: MailboxMessage[] }).messages;
        found = messages.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { message: `an email to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as MailboxMessage;
}

export function linkIn(message: MailboxMessage, path: '/verify/' | '/reset-password/' | '/invitations/'): string {
  const match = message.text.match(new RegExp(`https?://\\S+${path}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${path} link in:\n${message.text}`);
  return match[0];
}

/** A verified account made through the API and the mailbox, fast; nothing is signed in. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account = { email: overrides.email ?? newEmail(), password: overrides.password ?? PASSWORD };
  const signUp = await request.post('/api/v1/auth/signup', { data: account });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = linkIn(await waitForEmail(request, account.email, /verify/i), '/verify/');
  const token = link.slice(link.lastIndexOf('/') + 1);
  let verify = await request.post('/api/v1/auth/verify', { data: { token } });
  // An address OPERATOR_EMAILS names verifies only with the password chosen there (decision 054).
  if (verify.status() === 400 && (await verify.json()).details?.[0]?.path === 'body.password') {
    verify = await request.post('/api/v1/auth/verify', { data: { token, password: account.password } });
  }
  expect(verify.status(), await verify.text()).toBe(200);
  return account;
}

/** Signs in through the login page as a person would, and waits for the dashboard. */
export async function signInThroughUi(page: Page, account: Account, expectedPath = /\/dashboard$/) {
  if (!page.url().includes('/login')) await page.goto('/login');
  // A client-side move to /login can keep the last page (an open dialog, say) on screen for a
  // moment; wait for the form itself, so no other field named like it can be filled instead.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(expectedPath);
}

/**
 * Signs in through the API as the web app does (the refresh token in its httpOnly cookie, shared
 * with the page's context; the app's session flag in localStorage), then opens `path` signed in.
 * The login form has tests of its own (accounts/login-form.spec.ts, sign-up-to-logout.spec.ts);
 * every other test starts here, a second or two sooner (decision 064).
 */
export async function signInThroughApi(page: Page, account: Account, path = '/dashboard') {
  const res = await page.request.post('/api/v1/auth/token?grant_type=password', {
    headers: { [SESSION_COOKIE_HEADER]: '1' },
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  // localStorage belongs to the origin: set the flag from a page of it that loads no app.
  await page.goto('/robots.txt');
  await page.evaluate(() => localStorage.setItem('giftrelay-session', '1'));
  // Signed in once the app has traded the cookie for an access token (a refused one goes to /login).
  const restored = page.waitForResponse(
    (r) => r.url().includes('/api/v1/auth/token?grant_type=refresh_token') && r.request().method() === 'POST',
  );
  await page.goto(path);
  expect((await restored).status()).toBe(200);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** A new verified account, signed in: the start of most signed-in tests, on the dashboard. */
export async function signUpAndSignIn(page: Page, overrides: Partial<Account> = {}): Promise<Account> {
  const account = await createVerifiedAccount(page.request, overrides);
  await signInThroughApi(page, account);
  return account;
}
