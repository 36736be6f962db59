import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/**
 * Sandbox is not a mail relay (issue 29, decision 063): each UTC day a sandbox organisation's
 * rewards may reach at most `sandboxOutsideRecipientsPerDay` distinct addresses that are not its
 * members' (the organisation's own people are never counted). Everything that emails a sandbox
 * reward to an address reserves it here first: an order, a batch (all its rows at once), a
 * resend to another address. Beyond the cap: 429 `SANDBOX_RECIPIENT_LIMIT`, nothing reserved.
 */
export async function reserveSandboxRecipients(
  app: FastifyInstance,
  tx: Transaction<Database>,
  organisationId: string,
  addresses: string[],
): Promise<void> {
  const limit = app.config.giftCards.sandboxOutsideRecipientsPerDay;
  if (limit === null || addresses.length === 0) return;
  const emails = [...new Set(addresses.map((a) => a.toLowerCase()))];
  await repo.lockOrganisationRecipients(tx, organisationId, limit);
  const outside = await repo.outsideAddresses(tx, organisationId, emails);
  const today = await repo.todaysRecipients(tx, organisationId, outside);
  const fresh = outside.filter((e) => !today.known.has(e));
  if (today.used + fresh.length > limit) throw recipientLimit(limit, today.used, fresh.length, addresses.length > 1);
  await repo.addRecipients(tx, organisationId, fresh, limit);
}

/**
 * The 429 for an order refused in its own statement past the cap (order-statement-ctes.ts): a
 * single order's message, with `Retry-After` at UTC midnight.
 */
export function orderRecipientLimit(app: FastifyInstance): AppError {
  return recipientLimit(app.config.giftCards.sandboxOutsideRecipientsPerDay ?? 0, 0, 1, false);
}

/** Today's use of the cap, for the balance (the app shows it); null when there is no cap. */
export async function sandboxRecipientAllowance(
  app: FastifyInstance,
  db: Kysely<Database>,
  organisationId: string,
): Promise<{ per_day: number; used_today: number } | null> {
  const limit = app.config.giftCards.sandboxOutsideRecipientsPerDay;
  if (limit === null) return null;
  return { per_day: limit, used_today: Math.min(limit, await repo.usedToday(db, organisationId)) };
}

function recipientLimit(limit: number, used: number, fresh: number, many: boolean) {
  const left = Math.max(0, limit - used);
  const cap = `Sandbox rewards reach at most ${limit} addresses outside your organisation a day`;
  const message = many
    ? `${cap}: this batch has ${fresh} new ones and ${left} ${left === 1 ? 'is' : 'are'} left today. Send it to fewer outside addresses or to your organisation's members, wait until tomorrow (UTC), or go live`
    : `${cap}, and today's are used. Send to your organisation's members, wait until tomorrow (UTC), or go live`;
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  const retryAfter = String(Math.max(1, Math.ceil((midnight.getTime() - Date.now()) / 1000)));
  return new AppError('SANDBOX_RECIPIENT_LIMIT', message, undefined, { 'Retry-After': retryAfter });
}
