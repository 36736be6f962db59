import { createHash, randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { toasts } from '../sending/helpers';
import { axe } from '../support/axe';
import { signedInTest as test } from '../support/fixtures';

// The assistant's side is played over HTTP here (registration, the code exchange, /mcp); its
// redirect URI is answered by the test (page.route), so the browser never leaves for a real site.
const REDIRECT = 'https://assistant.example/callback';

test('an assistant registers, the owner approves it on the consent page, its token lists the MCP tools, and revoking it in Settings → Developers ends it', async ({
  page,
  request,
  baseURL,
}) => {
  const site = new URL(baseURL ?? '').origin;
  const registered = await request.post('/oauth/register', {
    data: { client_name: `Claude ${Date.now()}`, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status()).toBe(201);
  const client = (await registered.json()) as { client_id: string; client_name: string };

  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'e2e-state',
    scope: 'catalog:read orders:read orders:write',
    resource: `${site}/mcp`,
  });
  let callback: URL | null = null;
  await page.route(`${REDIRECT}**`, (route) => {
    callback = new URL(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Back in the assistant</title>' });
  });

  // The consent page at a phone's width: everything reachable without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/oauth/authorize?${authorize}`);
  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Connect “${client.client_name}” to GiftRelay?` }),
  ).toBeVisible();
  await expect(page.getByText('assistant.example', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('checkbox', { name: /Read the catalogue/ }).uncheck();
  await page.getByLabel('Per reward').fill('25');
  await page.getByLabel('Per day').fill('');
  await page.getByLabel('Per month').fill('abc');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(/Enter an amount above zero/)).toBeVisible();
  await page.getByLabel('Per month').fill('500');
  await page.getByLabel(/Recipient domains/).fill('example.com');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => callback?.searchParams.get('state')).toBe('e2e-state');
  // The browser is back in the assistant before this test moves it on: a goto while that
  // navigation was still going was interrupted by it (a full run on 28 November).
  await expect(page).toHaveTitle('Back in the assistant');
  const code = (callback as URL | null)?.searchParams.get('code') ?? '';
  expect(code).toMatch(/^gro_ac_/);

  const token = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, scope } = (await token.json()) as { access_token: string; scope: string };
  expect(scope).toBe('orders:write orders:read');

  const listTools = () =>
    request.post('/mcp', {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
  const tools = await listTools();
  expect(tools.status()).toBe(200);
  const names = ((await tools.json()).result.tools as { name: string }[]).map((t) => t.name);
  expect(names).toContain('preview_reward');
  expect(names).not.toContain('search_catalog');

  await page.goto('/settings?tab=developers');
  const row = page.getByTestId('connected-app-row').filter({ hasText: client.client_name });
  await expect(row).toContainText('Send rewards · Read orders and reports');
  await expect(row).toContainText('$25.00 a reward, no cap a day, $500.00 a month');
  await expect(row).toContainText('example.com');
  await row.getByRole('button', { name: `Revoke ${client.client_name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Revoke “${client.client_name}”?` })
    .getByRole('button', { name: 'Revoke app' })
    .click();
  await expect(toasts(page).filter({ hasText: 'App disconnected' })).toBeVisible();
  await expect(row).toHaveCount(0);

  const refused = await listTools();
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toContain('/.well-known/oauth-protected-resource');
});
