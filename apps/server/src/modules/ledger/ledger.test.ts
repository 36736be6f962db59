import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/database';
import { migrate } from '../../db/migrate';
import { ensureOrgAccounts, getBalance, LedgerInsufficientFunds, postEntry, replayBalance } from './repository';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle);
});
afterAll(() => handle.close());

async function newOrg(fundsMinor: number) {
  const org = randomUUID();
  await handle.db
    .insertInto('organisations')
    .values({ id: org, name: `Ledger test ${org.slice(0, 8)}` })
    .execute();
  await handle.db.transaction().execute(async (tx) => {
    await ensureOrgAccounts(tx, org, 'USD');
    if (fundsMinor > 0) {
      await postEntry(tx, {
        organisationId: org,
        kind: 'funding',
        currency: 'USD',
        description: 'Sandbox funds',
        postings: [
          { account: 'funding_source', amountMinor: -fundsMinor },
          { account: 'available', amountMinor: fundsMinor },
        ],
      });
    }
  });
  return org;
}

const hold = (org: string, amount: number, orderId = randomUUID()) =>
  handle.db.transaction().execute((tx) =>
    postEntry(tx, {
      organisationId: org,
      kind: 'hold',
      currency: 'USD',
      orderId,
      description: 'Order hold',
      postings: [
        { account: 'available', amountMinor: -amount },
        { account: 'held', amountMinor: amount },
      ],
    }),
  );

describe(`ledger (${TEST_DB})`, () => {
  it('funding, hold, capture and release move the balances, and a replay of the journal agrees', async () => {
    const org = await newOrg(500_000);
    const captured = randomUUID();
    const released = randomUUID();
    await hold(org, 2563, captured);
    await hold(org, 1025, released);
    expect(await getBalance(handle.db, org, 'USD')).toEqual({
      availableMinor: 496_412,
      heldMinor: 3588,
      currency: 'USD',
    });
    await handle.db.transaction().execute(async (tx) => {
      await postEntry(tx, {
        organisationId: org,
        kind: 'capture',
        currency: 'USD',
        orderId: captured,
        description: 'Order fulfilled',
        postings: [
          { account: 'held', amountMinor: -2563 },
          { account: 'provider_payable', amountMinor: 2500 },
          { account: 'fee_revenue', amountMinor: 63 },
        ],
      });
      await postEntry(tx, {
        organisationId: org,
        kind: 'release',
        currency: 'USD',
        orderId: released,
        description: 'Order failed',
        postings: [
          { account: 'held', amountMinor: -1025 },
          { account: 'available', amountMinor: 1025 },
        ],
      });
    });
    const balance = await getBalance(handle.db, org, 'USD');
    expect(balance).toEqual({ availableMinor: 497_437, heldMinor: 0, currency: 'USD' });
    expect(await replayBalance(handle.db, org, 'USD')).toEqual(balance);
  });

  it('a hold larger than the balance fails and writes nothing', async () => {
    const org = await newOrg(1000);
    await expect(hold(org, 1001)).rejects.toBeInstanceOf(LedgerInsufficientFunds);
    const entries = await handle.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('organisation_id', '=', org)
      .execute();
    expect(entries).toHaveLength(1); // only the funding
    expect(await getBalance(handle.db, org, 'USD')).toMatchObject({ availableMinor: 1000, heldMinor: 0 });
  });

  it('one hold per order: a second hold for the same order is refused', async () => {
    const org = await newOrg(10_000);
    const orderId = randomUUID();
    await hold(org, 100, orderId);
    await expect(hold(org, 100, orderId)).rejects.toThrow(/ledger_entries_one_per_order/);
    expect(await getBalance(handle.db, org, 'USD')).toMatchObject({ availableMinor: 9900, heldMinor: 100 });
  });

  it('journal rows cannot be changed or deleted', async () => {
    const org = await newOrg(1000);
    await expect(
      sql`UPDATE ledger_entries SET description = 'x' WHERE organisation_id = ${org}`.execute(handle.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_postings`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE ledger_entries CASCADE`.execute(handle.db)).rejects.toThrow(/append-only/);
  });

  it('an entry whose postings do not sum to zero is refused at commit', async () => {
    const org = await newOrg(1000);
    await expect(
      handle.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ id: string }>`
          INSERT INTO ledger_entries (organisation_id, kind, description) VALUES (${org}, 'funding', 'bad') RETURNING id
        `.execute(tx);
        const acct = await tx
          .selectFrom('ledger_accounts')
          .select('id')
          .where('organisation_id', '=', org)
          .where('kind', '=', 'available')
          .executeTakeFirstOrThrow();
        await sql`INSERT INTO ledger_postings (entry_id, account_id, amount_minor) VALUES (${rows[0]?.id}, ${acct.id}, 5)`.execute(
          tx,
        );
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('an organisation balance can never be set below zero, even by hand', async () => {
    const org = await newOrg(0);
    await expect(
      sql`UPDATE ledger_accounts SET balance_minor = -1 WHERE organisation_id = ${org} AND kind = 'available'`.execute(
        handle.db,
      ),
    ).rejects.toThrow(/ledger_balance_not_negative/);
  });

  it.runIf(TEST_DB === 'postgres')(
    '200 concurrent holds against funds for exactly 100: 100 succeed, the balance ends at 0, the journal agrees',
    async () => {
      const org = await newOrg(100 * 2563);
      const results = await Promise.allSettled(Array.from({ length: 200 }, () => hold(org, 2563)));
      const ok = results.filter((r) => r.status === 'fulfilled').length;
      const refused = results.filter(
        (r) => r.status === 'rejected' && r.reason instanceof LedgerInsufficientFunds,
      ).length;
      expect({ ok, refused }).toEqual({ ok: 100, refused: 100 });
      const balance = await getBalance(handle.db, org, 'USD');
      expect(balance).toEqual({ availableMinor: 0, heldMinor: 256_300, currency: 'USD' });
      expect(await replayBalance(handle.db, org, 'USD')).toEqual(balance);
    },
  );
});
