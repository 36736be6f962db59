import { type APIRequestContext, expect } from '@playwright/test';
import { type Account, createVerifiedAccount } from './accounts';

// Live organisations through the API, for the specs on the live server (scripts/e2e-live.ts):
// going live and funding are journeys of their own (live/go-live.spec.ts); other specs start here.

export async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/v1/auth/token?grant_type=password', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** An operator's token; the account (named in the live server's OPERATOR_EMAILS) is made the first time. */
export async function operatorToken(request: APIRequestContext, operator: Account): Promise<string> {
  const res = await request.post('/api/v1/auth/token?grant_type=password', { data: operator });
  if (res.status() !== 200) await createVerifiedAccount(request, operator);
  return tokenOf(request, operator);
}

/** The owner asks to go live and an operator approves, through the API (decision 045). */
export async function goLive(request: APIRequestContext, owner: Account, operator: Account) {
  const asked = await request.post('/api/v1/organisation/live-requests', {
    headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
    data: {
      company_name: 'Acme Rewards Ltd',
      website: 'https://acme.example.com',
      use_case: 'Thank-you gift cards for research participants after each interview.',
      expected_monthly_volume: '1k_10k',
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const approved = await request.post(`/api/v1/operator/live-requests/${(await asked.json()).request.id}/approve`, {
    headers: { authorization: `Bearer ${await operatorToken(request, operator)}` },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** A bank transfer of `amount` quoting the owner's reference, recorded by the operator (decision 047). */
export async function fundByTransfer(request: APIRequestContext, owner: Account, operator: Account, amount: number) {
  const instructions = await request.get('/api/v1/balance/funding-instructions', {
    headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
  });
  expect(instructions.status(), await instructions.text()).toBe(200);
  const reference = (await instructions.json()).bank_transfer.reference as string;
  const recorded = await request.post('/api/v1/operator/bank-transfers', {
    headers: { authorization: `Bearer ${await operatorToken(request, operator)}` },
    data: {
      organisation_reference: reference,
      amount,
      received_on: new Date().toISOString().slice(0, 10),
      bank_reference: `E2E-${Date.now()}`,
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
}

/** A new owner whose organisation is live and funded with `amount`: their API headers and a balance reader. */
export async function fundedLiveOwner(request: APIRequestContext, operator: Account, amount: number) {
  const owner = await createVerifiedAccount(request);
  await goLive(request, owner, operator);
  await fundByTransfer(request, owner, operator, amount);
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const balance = async () => (await (await request.get('/api/v1/balance', { headers })).json()).available as number;
  return { owner, headers, balance };
}
