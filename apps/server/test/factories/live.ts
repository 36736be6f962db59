import { expect } from 'vitest';
import { ensureOrgAccounts, organisationBilling, postEntry } from '../../src/modules/ledger';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../factories';
import { FAKE_TANGO, FakeTango } from '../fake-tango';
import { createTestApp, type TestApp } from '../helpers';

/** The environment of an instance whose real provider is a fake Tango (decision 045). */
export function tangoEnv(fake: FakeTango, baseUrl: string): Record<string, string> {
  return {
    GIFT_CARD_PROVIDER: 'tango',
    TANGO_BASE_URL: baseUrl,
    TANGO_PLATFORM_NAME: fake.options.platformName,
    TANGO_PLATFORM_KEY: fake.options.platformKey,
    TANGO_CUSTOMER_ID: FAKE_TANGO.customerId,
    TANGO_ACCOUNT_ID: FAKE_TANGO.accountId,
    TANGO_REQUESTS_PER_SECOND: '50',
  };
}

/**
 * A test app whose real provider is a fake Tango, its catalogue synced, and an operator to take
 * organisations live; `close` stops both.
 */
export async function createTangoTestApp(): Promise<{
  t: TestApp;
  fake: FakeTango;
  operator: SignedUpUser;
  close: () => Promise<void>;
}> {
  const fake = new FakeTango();
  const t = await createTestApp({ env: tangoEnv(fake, await fake.start()) });
  await t.app.catalogSync.run('manual');
  const operator = await makeOperator(t);
  return {
    t,
    fake,
    operator,
    close: async () => {
      await t.close();
      await fake.stop();
    },
  };
}

/** A new verified account made a platform operator (test setup: as an operator granting it would). */
export async function makeOperator(t: TestApp): Promise<SignedUpUser> {
  const user = await signUpVerifiedUser(t);
  await t.database.db
    .insertInto('platform_operators')
    .values({ user_id: user.user.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return user;
}

export const LIVE_REQUEST = {
  company_name: 'Acme Rewards Ltd',
  website: 'https://acme.example.com',
  use_case: 'Thank-you gift cards for research participants after each interview.',
  expected_monthly_volume: '1k_10k',
} as const;

/** Takes the owner's organisation live the way people do: the owner asks, an operator approves. */
export async function goLive(t: TestApp, owner: SignedUpUser, operator: SignedUpUser): Promise<void> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organisation/live-requests',
    headers: bearer(owner.accessToken),
    payload: LIVE_REQUEST,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/v1/operator/live-requests/${asked.json().request.id}/approve`,
    headers: bearer(operator.accessToken),
    payload: {},
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

/**
 * Credits a live organisation's balance through the ledger, as a received bank transfer would
 * (test setup; card top-ups have their own tests through Stripe's webhook).
 */
export async function creditBalance(t: TestApp, organisationId: string, amountMinor: number): Promise<void> {
  await t.database.db.transaction().execute(async (tx) => {
    const { billing_currency } = await organisationBilling(tx, organisationId);
    await ensureOrgAccounts(tx, organisationId, billing_currency);
    await postEntry(tx, {
      organisationId,
      kind: 'funding',
      currency: billing_currency,
      description: 'Bank transfer received',
      postings: [
        { account: 'funding_source', amountMinor: -amountMinor },
        { account: 'available', amountMinor },
      ],
    });
  });
}
