import { expect, test } from '@playwright/test';
import { linkIn, newEmail, PASSWORD, signInThroughUi, waitForEmail } from '../support/accounts';

/**
 * Account pre-hijacking (issue 29, decision 054), as the owner sees it: a stranger signed their
 * address up first; the owner signs up, opens the stranger's verification email (the older one in
 * their inbox), is asked to choose the password, and signs in with it. The stranger's password no
 * longer works, nor does the one the owner first typed.
 */
test('an address signed up twice: the owner opens either link, chooses the password, and only it signs in', async ({
  page,
}) => {
  const email = newEmail('owner');
  const strangers = 'stranger-Lantern-71';
  const chosen = 'chosen-Harbour-Tide-93';

  expect((await page.request.post('/api/v1/auth/signup', { data: { email, password: strangers } })).status()).toBe(200);
  await waitForEmail(page.request, email, /verify/i);

  await page.goto('/login?mode=signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The older of the two verification emails: the one the stranger's sign-up sent.
  let messages: { id: string; to: string; subject: string; text: string; created_at: string }[] = [];
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/mailbox?to=${encodeURIComponent(email)}`);
      messages = ((await res.json()).messages as typeof messages).filter((m) => /verify/i.test(m.subject));
      return messages.length;
    })
    .toBe(2);
  const [strangersEmail] = messages.sort((a, b) => a.created_at.localeCompare(b.created_at));
  if (!strangersEmail) throw new Error('no verification email');

  await page.goto(linkIn(strangersEmail, '/verify/'));
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm password').fill(chosen);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Welcome!', { exact: true })).toBeVisible();

  // Signed out, the chosen password signs in; the stranger's and the first-typed one do not.
  await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  for (const password of [strangers, PASSWORD]) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast.getByText('Invalid email or password')).toBeVisible();
  }
  await signInThroughUi(page, { email, password: chosen });
});

test('an address a stranger signed up once: its owner opens the unsolicited email in their own browser and chooses the password', async ({
  page,
  request,
}) => {
  const email = newEmail('unsolicited');
  const strangers = 'stranger-Lantern-71';
  const chosen = 'chosen-Harbour-Tide-93';
  // The stranger's browser (the `request` fixture keeps its own cookies), never the owner's.
  expect((await request.post('/api/v1/auth/signup', { data: { email, password: strangers } })).status()).toBe(200);
  const link = linkIn(await waitForEmail(request, email, /verify/i), '/verify/');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm password').fill(chosen);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const signIn = (password: string) =>
    request.post('/api/v1/auth/token?grant_type=password', { data: { email, password } });
  expect((await (await signIn(strangers)).json()).code).toBe('INVALID_CREDENTIALS');
  expect((await signIn(chosen)).status()).toBe(200);
});
