import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../../test/helpers';
import { sandboxOf } from '..';
import { PROVIDER_ERROR_KINDS, ProviderError, type ProviderErrorKind } from '../types';
import { passesLuhn, SandboxProvider } from '.';

let t: TestApp;
let sandbox: SandboxProvider;
let nextRef = 0;
const ref = () => `ref-${Date.now()}-${nextRef++}`;

const order = (
  overrides: Partial<{ reference: string; productCode: string; amountMinor: number; currency: string }> = {},
) =>
  sandbox.placeOrder({ reference: ref(), productCode: 'AMAZON-US', amountMinor: 2500, currency: 'USD', ...overrides });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected a ProviderError');
}

beforeAll(async () => {
  t = await createTestApp();
  sandbox = sandboxOf(t.app.giftCards);
});
afterAll(() => t.close());
beforeEach(() => sandbox.clearFailures());

describe(`sandbox provider orders (${TEST_DB})`, () => {
  it('issues a card in the brand’s format with its PIN, expiry and link rules', async () => {
    const amazon = await order();
    expect(amazon).toMatchObject({ productCode: 'AMAZON-US', amountMinor: 2500, currency: 'USD', pin: null });
    expect(amazon.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{6}-[A-Z2-9]{4}$/);
    expect(amazon.providerOrderId).toMatch(/^SBX-\d{6}-[A-Z2-9]{10}$/);
    expect(amazon.expiresAt).toBeNull();
    // The brand's redemption site (the sandbox's stand-in), for the claim page's link.
    expect(amazon.redemptionUrl).toBe('https://redeem.sandbox.example/amazon');

    const starbucks = await order({ productCode: 'STARBUCKS-US', amountMinor: 1000 });
    expect(starbucks.code).toMatch(/^6\d{3} \d{4} \d{4} \d{4}$/);
    expect(passesLuhn(starbucks.code)).toBe(true);
    expect(starbucks.pin).toMatch(/^\d{8}$/);

    const visa = await order({ productCode: 'VISA-US', amountMinor: 5000 });
    expect(visa.code).toMatch(/^4\d{3} \d{4} \d{4} \d{4}$/);
    expect(passesLuhn(visa.code)).toBe(true);
    expect(visa.pin).toMatch(/^\d{3}$/);
    expect(visa.redemptionUrl).toMatch(/^https:\/\/redeem\.sandbox\.example\/cards\/[0-9a-f]{32}$/);
    const sixMonths = new Date(visa.createdAt);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(Math.abs((visa.expiresAt?.getTime() ?? 0) - sixMonths.getTime())).toBeLessThan(60_000);

    // UK gift cards are valid for 24 months.
    const tesco = await order({ productCode: 'TESCO-UK', currency: 'GBP', amountMinor: 2000 });
    expect(tesco.expiresAt).not.toBeNull();
    const months = ((tesco.expiresAt?.getTime() ?? 0) - tesco.createdAt.getTime()) / (30.44 * 24 * 3600 * 1000);
    expect(Math.round(months)).toBe(24);
  });

  it('gives different codes to different orders', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await order()).code);
    expect(codes.size).toBe(20);
  });

  it('returns the same order for a repeated reference, also from a new instance (a restart) and under concurrency', async () => {
    const reference = ref();
    const first = await order({ reference });
    const again = await order({ reference });
    expect(again).toEqual(first);

    const restarted = new SandboxProvider({ db: t.database.db });
    expect(
      await restarted.placeOrder({ reference, productCode: 'AMAZON-US', amountMinor: 2500, currency: 'USD' }),
    ).toEqual(first);
    expect(await restarted.getOrder(reference)).toEqual(first);

    const racing = ref();
    const before = await sandbox.issuedCount();
    const results = await Promise.all(Array.from({ length: 20 }, () => order({ reference: racing })));
    expect(new Set(results.map((r) => r.code)).size).toBe(1);
    expect(await sandbox.issuedCount()).toBe(before + 1);
  });

  it('declines a reference reused for a different order, and orders it cannot fill', async () => {
    const reference = ref();
    await order({ reference });
    const cases: [string, Parameters<typeof order>[0]][] = [
      ['the same reference, another amount', { reference, amountMinor: 2600 }],
      ['the same reference, another product', { reference, productCode: 'TARGET-US' }],
      ['an unknown product', { productCode: 'NO-SUCH-CARD' }],
      ['the wrong currency', { productCode: 'TESCO-UK', currency: 'USD' }],
      ['below the minimum (Amazon starts at 1.00)', { amountMinor: 50 }],
      ['above the maximum', { amountMinor: 200_001 }],
      ['not one of the fixed values (25, 30, 50, 60, 100)', { productCode: 'NETFLIX-US', amountMinor: 2600 }],
      ['a zero amount', { amountMinor: 0 }],
      ['a fraction of a cent', { amountMinor: 12.5 }],
      ['an empty reference', { reference: '' }],
    ];
    for (const [what, input] of cases) {
      const err = await failure(order(input));
      expect(err.kind, what).toBe('declined');
      expect(err.retryable, what).toBe(false);
    }
    expect((await order({ productCode: 'NETFLIX-US', amountMinor: 3000 })).amountMinor).toBe(3000);
  });

  it('answers null for an order it never placed, and reports health', async () => {
    expect(await sandbox.getOrder('never-placed')).toBeNull();
    expect(await sandbox.health()).toMatchObject({ ok: true });
  });
});

describe(`sandbox provider failure injection (${TEST_DB})`, () => {
  it.each(PROVIDER_ERROR_KINDS)('%s: a typed error, retryable only for timeouts and provider errors', async (kind) => {
    await sandbox.injectFailures({ kind });
    const err = await failure(order());
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe(kind);
    expect(err.retryable).toBe(kind === 'timeout' || kind === 'provider_error');
    // Only as many times as asked.
    expect((await order()).code).toBeTruthy();
  });

  it('fails exactly `times` attempts, then the retry with the same reference succeeds once', async () => {
    await sandbox.injectFailures({ kind: 'provider_error', times: 3 });
    const reference = ref();
    const before = await sandbox.issuedCount();
    const kinds: ProviderErrorKind[] = [];
    for (let i = 0; i < 3; i++) kinds.push((await failure(order({ reference }))).kind);
    expect(kinds).toEqual(['provider_error', 'provider_error', 'provider_error']);
    expect(await sandbox.issuedCount()).toBe(before);
    await order({ reference });
    expect(await sandbox.issuedCount()).toBe(before + 1);
  });

  it('a timeout has placed the order: the retry with the same reference gets that card, not a second', async () => {
    await sandbox.injectFailures({ kind: 'timeout' });
    const reference = ref();
    expect((await failure(order({ reference }))).kind).toBe('timeout');
    const placed = await sandbox.getOrder(reference);
    expect(placed).not.toBeNull();
    expect(await order({ reference })).toEqual(placed);
  });

  it('a plan for one product leaves the others alone', async () => {
    await sandbox.injectFailures({ kind: 'out_of_stock', productCode: 'TARGET-US', times: 2 });
    expect((await order()).productCode).toBe('AMAZON-US');
    expect((await failure(order({ productCode: 'TARGET-US' }))).kind).toBe('out_of_stock');
  });

  it('plans live in the database: another instance (another process) takes them, each exactly once', async () => {
    const other = new SandboxProvider({ db: t.database.db });
    await sandbox.injectFailures({ kind: 'declined', times: 4 });
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? sandbox : other).placeOrder({
          reference: ref(),
          productCode: 'AMAZON-US',
          amountMinor: 2500,
          currency: 'USD',
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'rejected')).toHaveLength(4);
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(6);
  });

  it('clearFailures cancels what is left', async () => {
    await sandbox.injectFailures({ kind: 'provider_error', times: 5 });
    await sandbox.clearFailures();
    expect((await order()).code).toBeTruthy();
  });

  it('refuses a plan that makes no sense', async () => {
    await expect(sandbox.injectFailures({ kind: 'timeout', times: 0 })).rejects.toThrow('times must be');
  });

  it('SANDBOX_FAILURE_RATE fails that share of attempts, as timeouts or provider errors', async () => {
    // A fixed sequence instead of chance: fail (timeout), pass, fail (provider error), pass.
    const rolls = [0.1, 0.2, 0.9, 0.3, 0.7];
    const flaky = new SandboxProvider({ db: t.database.db, failureRate: 0.5, random: () => rolls.shift() ?? 0.99 });
    const attempt = () =>
      flaky.placeOrder({ reference: ref(), productCode: 'AMAZON-US', amountMinor: 2500, currency: 'USD' });
    expect((await failure(attempt())).kind).toBe('timeout');
    expect((await attempt()).code).toBeTruthy();
    expect((await failure(attempt())).kind).toBe('provider_error');
    expect((await attempt()).code).toBeTruthy();
  });
});
