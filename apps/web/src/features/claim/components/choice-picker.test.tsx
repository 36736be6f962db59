// @vitest-environment happy-dom
import type { Claim, ClaimChoice } from '@giftrelay/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render-page';
import { ClaimView } from './claim-view';

const TOKEN = 'a'.repeat(43);

const claim = (overrides: Partial<Claim> = {}): Claim => ({
  success: true,
  brand: 'Recipient’s choice',
  product_name: 'Recipient’s choice',
  currency: 'USD',
  amount: 25,
  code: null,
  pin: null,
  redemption_url: null,
  redemption_instructions: null,
  terms: null,
  expires_at: null,
  claim_by: null,
  sender: 'Acme',
  sender_logo: null,
  brand_colour: null,
  message: null,
  status: 'awaiting_choice',
  logo: null,
  sandbox: true,
  ...overrides,
});

const option = (code: string, name: string, available = true) => ({
  code,
  name,
  brand: name.split(' ')[0] ?? name,
  logo: `/logos/${code}.svg`,
  terms: `${name} terms apply.`,
  redemption_instructions: 'Redeem online.',
  available,
});

const choiceOf = (options: ClaimChoice['options'], status: ClaimChoice['status'] = 'awaiting_choice'): ClaimChoice => ({
  success: true,
  status,
  currency: 'USD',
  amount: 25,
  options,
  chosen_product_code: null,
  problem: null,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The claim API's edge: GET answers from `state`, each POST (a pick) from the next answer; the
 * picks are recorded.
 */
function fakeClaimApi(state: { claim: Claim; choice: ClaimChoice }, picks: (() => Response)[]) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === `/api/v1/claims/${TOKEN}`) return json(200, state.claim);
      if (url === `/api/v1/claims/${TOKEN}/choice` && (init.method ?? 'GET') === 'GET') return json(200, state.choice);
      if (url === `/api/v1/claims/${TOKEN}/choice`) {
        posted.push(JSON.parse(init.body as string));
        const answer = picks.shift();
        if (!answer) throw new Error('unexpected pick');
        return answer();
      }
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return posted;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the claim page of a choice reward', () => {
  it('lists the cards with their terms, an out-of-stock one shown but not choosable, and says the value', async () => {
    fakeClaimApi(
      { claim: claim(), choice: choiceOf([option('AMAZON-US', 'Amazon.com'), option('TARGET-US', 'Target', false)]) },
      [],
    );
    renderPage(<ClaimView token={TOKEN} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('$25.00 gift card of your choice');
    const cards = await screen.findByRole('group', { name: 'Choose your gift card' });
    expect((within(cards).getByRole('radio', { name: /Amazon\.com/ }) as HTMLInputElement).disabled).toBe(false);
    const target = within(cards).getByRole('radio', { name: /Target/ });
    expect((target as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(target.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Out of stock right now: please choose another card.',
    );
    expect(screen.getByText('Terms of Amazon.com')).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Sandbox card' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a card' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a card that ran out at the pick: says so, shows it unavailable, and another can be chosen', async () => {
    const user = userEvent.setup();
    const state = {
      claim: claim(),
      choice: choiceOf([option('AMAZON-US', 'Amazon.com'), option('TARGET-US', 'Target')]),
    };
    const posted = fakeClaimApi(state, [
      () => {
        state.choice = choiceOf([option('AMAZON-US', 'Amazon.com'), option('TARGET-US', 'Target', false)]);
        return json(409, { success: false, error: 'Out of stock', code: 'CHOICE_OUT_OF_STOCK' });
      },
      () => {
        state.claim = claim({ status: 'pending', brand: 'Amazon' });
        return json(200, { ...state.choice, status: 'pending', chosen_product_code: 'AMAZON-US' });
      },
    ]);
    renderPage(<ClaimView token={TOKEN} />);
    await user.click(await screen.findByRole('radio', { name: /Target/ }));
    await user.click(screen.getByRole('button', { name: 'Choose Target' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Target has just run out. Please choose another card.',
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Target/ }) as HTMLInputElement).disabled).toBe(true),
    );
    await user.click(screen.getByRole('radio', { name: /Amazon\.com/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose Amazon.com' }));
    expect(
      await screen.findByText('Your reward is being issued. This page will show the code in a moment.'),
    ).toBeTruthy();
    expect(posted).toEqual([{ product_code: 'TARGET-US' }, { product_code: 'AMAZON-US' }]);
  });

  it('the provider failing: try again later, the value kept, and the same pick made again', async () => {
    const user = userEvent.setup();
    const state = { claim: claim(), choice: choiceOf([option('AMAZON-US', 'Amazon.com')]) };
    const posted = fakeClaimApi(state, [
      () => json(503, { success: false, error: 'Try again later', code: 'SERVICE_UNAVAILABLE' }),
      () => {
        state.claim = claim({ status: 'issued', brand: 'Amazon', code: 'ABCD-123456-WXYZ' });
        return json(200, { ...state.choice, status: 'pending', chosen_product_code: 'AMAZON-US' });
      },
    ]);
    renderPage(<ClaimView token={TOKEN} />);
    await user.click(await screen.findByRole('radio', { name: /Amazon\.com/ }));
    await user.click(screen.getByRole('button', { name: 'Choose Amazon.com' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please try again later');
    expect(alert.textContent).toContain('Your reward is safe');
    await user.click(screen.getByRole('button', { name: 'Try again: choose Amazon.com' }));
    expect((await screen.findByRole('status', { name: 'Code' })).textContent).toContain('ABCD-123456-WXYZ');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('$25.00 Amazon');
    expect(posted).toEqual([{ product_code: 'AMAZON-US' }, { product_code: 'AMAZON-US' }]);
  });

  it('a pick the provider refused after the answer comes back with its reason, to choose again', async () => {
    fakeClaimApi(
      { claim: claim(), choice: { ...choiceOf([option('AMAZON-US', 'Amazon.com', false)]), problem: 'out_of_stock' } },
      [],
    );
    renderPage(<ClaimView token={TOKEN} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The card you chose has just run out. Please choose another card.',
    );
  });
});
