import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, createVerifiedAccount, PASSWORD } from './accounts';
import { axe } from './axe';

/** Named by OPERATOR_EMAILS on the test server (playwright.config.ts): a platform operator. */
export const OPERATOR: Account = { email: 'operator-e2e@example.com', password: PASSWORD };

/** The operator's account: signed up and verified here unless another spec or worker did it first. */
export async function operatorAccount(request: APIRequestContext): Promise<Account> {
  const signIn = () => request.post('/api/v1/auth/token?grant_type=password', { data: OPERATOR });
  if ((await signIn()).status() === 200) return OPERATOR;
  try {
    await createVerifiedAccount(request, OPERATOR);
  } catch {
    // Another worker made it at the same moment; its verification counts.
  }
  await expect.poll(async () => (await signIn()).status(), { timeout: 20_000 }).toBe(200);
  return OPERATOR;
}

export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
export const notFound = (page: Page) => page.getByRole('heading', { level: 1, name: 'Oops! Page not found' });

/** Serious and critical WCAG A/AA violations on the page, as `id: help`. */
export async function seriousViolations(page: Page) {
  const { violations } = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** A published page made through the API, as an operator; answers its slug. */
export async function publishThroughApi(request: APIRequestContext, keyword: string): Promise<string> {
  const token = (
    await (
      await request.post('/api/v1/auth/token?grant_type=password', { data: await operatorAccount(request) })
    ).json()
  ).access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const generated = await request.post('/api/v1/operator/landing-pages/generate', {
    headers,
    data: { primary_keyword: keyword, audience_segment: 'marketing_ops', offer_type: 'trial', seed: 3 },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const slug = keyword.toLowerCase().replace(/\s+/g, '-');
  const published = await request.put(`/api/v1/operator/landing-pages/${slug}`, {
    headers,
    data: {
      primary_keyword: keyword,
      audience_segment: 'marketing_ops',
      offer_type: 'trial',
      hero_visual: 'globe',
      utm_campaign: 'e2e-axe',
      copy: (await generated.json()).copy,
    },
  });
  expect([200, 201]).toContain(published.status());
  return slug;
}
