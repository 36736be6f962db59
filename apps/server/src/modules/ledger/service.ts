import { type Balance, SANDBOX_BALANCE_MAX, type SandboxTopupBodySchema } from '@giftrelay/contracts';
import { parseAmount, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit';
import { insertEvent } from '../events';
import { earlierAnswer, keyFor, runOnce, type StoredAnswer } from '../idempotency';
import { sandboxRecipientAllowance } from '../sandbox-limits';
import { ensureOrgAccounts, getBalance, organisationBilling, postEntry } from './repository';

/** What a new sandbox organisation starts with: 5,000.00 in its billing currency. */
export const SANDBOX_STARTING_FUNDS_MINOR = 500_000;

/** Opens a new organisation's accounts and, in sandbox mode, credits its starting funds. */
export async function openOrganisationLedger(
  tx: Kysely<Database>,
  org: { id: string; sandbox: boolean; billing_currency: string },
): Promise<void> {
  await ensureOrgAccounts(tx, org.id, org.billing_currency);
  if (org.sandbox) {
    await fund(tx, org.id, org.billing_currency, SANDBOX_STARTING_FUNDS_MINOR, 'Sandbox starting funds');
  }
}

async function fund(
  tx: Kysely<Database>,
  organisationId: string,
  currency: string,
  amountMinor: number,
  description: string,
) {
  await postEntry(tx, {
    organisationId,
    kind: 'funding',
    currency,
    description,
    postings: [
      { account: 'funding_source', amountMinor: -amountMinor },
      { account: 'available', amountMinor },
    ],
    // Sandbox funds only: never into a live balance (decision 045).
    live: false,
  });
}

export async function readBalance(db: Kysely<Database>, organisationId: string): Promise<Balance> {
  const org = await organisationBilling(db, organisationId);
  const b = await getBalance(db, organisationId, org.billing_currency);
  return {
    success: true,
    currency: org.billing_currency,
    available: toMajor(b.availableMinor, org.billing_currency),
    held: toMajor(b.heldMinor, org.billing_currency),
    available_minor: b.availableMinor,
    held_minor: b.heldMinor,
    sandbox: org.sandbox,
  };
}

/** The balance with a sandbox organisation's limits (decision 063), for `GET /balance`. */
export async function readBalanceWithLimits(app: FastifyInstance, organisationId: string): Promise<Balance> {
  const balance = await readBalance(app.db, organisationId);
  if (!balance.sandbox) return { ...balance, sandbox_limits: null };
  const recipients = await sandboxRecipientAllowance(app, app.db, organisationId);
  return {
    ...balance,
    sandbox_limits: {
      max_balance: SANDBOX_BALANCE_MAX,
      outside_recipients_per_day: recipients?.per_day ?? null,
      outside_recipients_today: recipients?.used_today ?? 0,
    },
  };
}

/**
 * Sandbox only: adds play money so a team can keep testing, up to SANDBOX_BALANCE_MAX available. With an Idempotency-Key, the top-up
 * happens once and its answer (the balance right after it) is replayed byte for byte (runOnce).
 */
export async function sandboxTopUp(
  app: FastifyInstance,
  auth: AuthContext,
  body: z.infer<typeof SandboxTopupBodySchema>,
  idempotencyKey: string | undefined,
): Promise<StoredAnswer> {
  const { organisationId } = auth;
  const key = keyFor(organisationId, idempotencyKey, 'POST /api/v1/balance/sandbox-topup', body);
  return (
    (await earlierAnswer(app.db, key)) ??
    runOnce(app.db, key, async (tx) => {
      // FOR SHARE: an approval to go live (FOR NO KEY UPDATE) waits for this top-up, or this one
      // sees the organisation live and is refused; play money never reaches a live balance.
      const org = await tx
        .selectFrom('organisations')
        .select(['billing_currency', 'sandbox'])
        .where('id', '=', organisationId)
        .forShare()
        .executeTakeFirstOrThrow();
      if (!org.sandbox)
        throw new AppError('FORBIDDEN', 'Top-ups with sandbox funds are only for sandbox organisations');
      const minor = parseAmount(body.amount, org.billing_currency);
      if (!minor)
        throw validationError('body.amount: amount must be a positive number with at most two decimals', [
          { path: 'body.amount', message: 'amount must be a positive number with at most two decimals' },
        ]);
      await ensureOrgAccounts(tx, organisationId, org.billing_currency);
      await fund(tx, organisationId, org.billing_currency, minor, 'Sandbox top-up');
      const balance = await readBalance(tx, organisationId);
      // Play money is capped (decision 063): read after this top-up's own update of the balance
      // row, which waits for any other top-up, so two at once cannot both pass the cap.
      const cap = parseAmount(SANDBOX_BALANCE_MAX, org.billing_currency) ?? 0;
      if (balance.available_minor > cap) {
        throw new AppError(
          'SANDBOX_BALANCE_LIMIT',
          `A sandbox balance holds at most ${SANDBOX_BALANCE_MAX.toLocaleString('en-US')} ${org.billing_currency} of play money: top up at most ${toMajor(Math.max(0, cap - (balance.available_minor - minor)), org.billing_currency)} more`,
        );
      }
      const { success: _, ...after } = balance;
      await recordAudit(tx, {
        organisationId,
        action: 'balance.topped_up',
        ...auditActor(auth),
        detail: { amount_minor: minor, currency: org.billing_currency, sandbox: true },
      });
      await insertEvent(tx, {
        organisationId,
        type: 'balance.funded',
        data: {
          amount: toMajor(minor, org.billing_currency),
          amount_minor: minor,
          currency: org.billing_currency,
          balance: after,
        },
      });
      return { status: 200, body: JSON.stringify(balance) };
    })
  );
}
