import { formatMoney, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit';
import { insertEvent } from '../events';
import { ensureOrgAccounts, getBalance, lockAvailableBalance, postEntry } from '../ledger';
import { ownerEmails } from '../members';
import { shortfallEmail } from './emails';
import * as repo from './repository';

type Tx = Kysely<Database>;

/**
 * Money in and out of a live organisation's balance from Stripe (decision 046). Every movement
 * locks the organisation's row first (its shortfall), then its available account, in the
 * caller's transaction; the caller has locked the checkout the movement belongs to.
 *
 * - A credit (a paid checkout, a dispute won) goes to `available`, and pays the shortfall first:
 *   a second entry takes what is owed back out. A shortfall paid in full unfreezes sending.
 * - A debit (a refund, a dispute) takes what is available, never more; the rest is the
 *   shortfall, which freezes sending and emails the owners.
 */

export interface CreditResult {
  entryId: string;
  recoveredMinor: number;
  unfrozen: boolean;
}

async function balanceData(tx: Tx, organisationId: string, currency: string) {
  const b = await getBalance(tx, organisationId, currency);
  return {
    currency,
    available: toMajor(b.availableMinor, currency),
    held: toMajor(b.heldMinor, currency),
    available_minor: b.availableMinor,
    held_minor: b.heldMinor,
    sandbox: false,
  };
}

export async function credit(
  tx: Tx,
  organisationId: string,
  c: {
    kind: 'funding' | 'dispute_won';
    amountMinor: number;
    description: string;
    /** What the `balance.funded` event says it came from. */
    source: 'card' | 'dispute_won' | 'bank_transfer';
    detail: Record<string, unknown>;
  },
): Promise<CreditResult> {
  const org = await repo.lockOrganisation(tx, organisationId);
  const { currency } = org;
  await ensureOrgAccounts(tx, organisationId, currency);
  const entryId = await postEntry(tx, {
    organisationId,
    kind: c.kind,
    currency,
    description: c.description,
    postings: [
      { account: 'funding_source', amountMinor: -c.amountMinor },
      { account: 'available', amountMinor: c.amountMinor },
    ],
  });
  const recoveredMinor = Math.min(org.shortfallMinor, c.amountMinor);
  const left = org.shortfallMinor - recoveredMinor;
  if (recoveredMinor > 0) {
    await postEntry(tx, {
      organisationId,
      kind: 'shortfall_recovery',
      currency,
      description: `Shortfall of ${formatMoney(org.shortfallMinor, currency)} paid (${formatMoney(recoveredMinor, currency)})`,
      postings: [
        { account: 'available', amountMinor: -recoveredMinor },
        { account: 'funding_source', amountMinor: recoveredMinor },
      ],
    });
    await repo.setShortfall(tx, organisationId, left);
  }
  const balance = await balanceData(tx, organisationId, currency);
  await insertEvent(tx, {
    organisationId,
    type: 'balance.funded',
    data: {
      amount: toMajor(c.amountMinor, currency),
      amount_minor: c.amountMinor,
      currency,
      source: c.source,
      shortfall_paid_minor: recoveredMinor,
      balance,
    },
  });
  const unfrozen = recoveredMinor > 0 && left === 0;
  if (unfrozen) {
    await recordAudit(tx, {
      organisationId,
      action: 'balance.unfrozen',
      userId: null,
      detail: { paid_minor: recoveredMinor, currency, ...c.detail },
    });
    await insertEvent(tx, {
      organisationId,
      type: 'balance.unfrozen',
      data: { shortfall_paid_minor: recoveredMinor, currency, balance },
    });
  }
  return { entryId, recoveredMinor, unfrozen };
}

export interface DebitResult {
  takenMinor: number;
  shortMinor: number;
  frozen: boolean;
}

export async function debit(
  app: FastifyInstance,
  tx: Tx,
  organisationId: string,
  d: {
    kind: 'card_refund' | 'dispute';
    amountMinor: number;
    description: string;
    detail: Record<string, unknown>;
  },
): Promise<DebitResult> {
  const org = await repo.lockOrganisation(tx, organisationId);
  const { currency } = org;
  const available = (await lockAvailableBalance(tx, organisationId, currency)) ?? 0;
  const takenMinor = Math.min(d.amountMinor, available);
  const shortMinor = d.amountMinor - takenMinor;
  if (takenMinor > 0) {
    await postEntry(tx, {
      organisationId,
      kind: d.kind,
      currency,
      description: d.description,
      postings: [
        { account: 'available', amountMinor: -takenMinor },
        { account: 'funding_source', amountMinor: takenMinor },
      ],
    });
  }
  const shortfallMinor = org.shortfallMinor + shortMinor;
  if (shortMinor > 0) await repo.setShortfall(tx, organisationId, shortfallMinor);
  const reason = d.kind === 'card_refund' ? 'card_refund' : 'dispute';
  const balance = await balanceData(tx, organisationId, currency);
  await recordAudit(tx, {
    organisationId,
    action: 'balance.debited',
    userId: null,
    detail: {
      reason,
      amount_minor: d.amountMinor,
      taken_minor: takenMinor,
      short_minor: shortMinor,
      currency,
      ...d.detail,
    },
  });
  await insertEvent(tx, {
    organisationId,
    type: 'balance.debited',
    data: {
      reason,
      amount: toMajor(d.amountMinor, currency),
      amount_minor: d.amountMinor,
      taken_minor: takenMinor,
      shortfall_minor: shortfallMinor,
      currency,
      balance,
    },
  });
  const frozen = shortMinor > 0 && !org.frozenAt;
  if (frozen) {
    await recordAudit(tx, {
      organisationId,
      action: 'balance.frozen',
      userId: null,
      detail: { shortfall_minor: shortfallMinor, currency, reason, ...d.detail },
    });
    await insertEvent(tx, {
      organisationId,
      type: 'balance.frozen',
      data: { shortfall: toMajor(shortfallMinor, currency), shortfall_minor: shortfallMinor, currency, reason },
    });
  }
  if (shortMinor > 0) {
    for (const email of await ownerEmails(tx, organisationId)) {
      await app.mail.send(
        shortfallEmail(app, { to: email, organisation: org.name, reason, shortfallMinor, shortMinor, currency }),
        { db: tx },
      );
    }
  }
  return { takenMinor, shortMinor, frozen };
}
