import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import type { RateLimitRule } from '../../plugins/rate-limits';
import { recordAudit } from '../audit';
import * as repo from './repository';

/** RATE_LIMIT_FACTOR multiplies them. The token has 256 bits: these only keep guessing noisy. */
export const BOOTSTRAP_RATE_LIMITS = {
  perIp: { name: 'operator-bootstrap:ip', limit: 10, windowSeconds: 900 },
  perAccount: { name: 'operator-bootstrap:account', limit: 5, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

const PREFIX = 'grop_';
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * At start (decision 056): a production instance without OPERATOR_EMAILS and without an operator
 * gets a new one-time token, which replaces any unredeemed one and is answered here once to be
 * printed; only its SHA-256 is kept. Anywhere else (an operator exists, or the instance has another
 * way to its first operator) unredeemed tokens are forgotten and null is answered.
 */
export async function prepareOperatorBootstrap(
  db: Kysely<Database>,
  config: Pick<Config, 'operatorBootstrap'>,
): Promise<string | null> {
  if (config.operatorBootstrap !== 'token' || (await repo.hasGrantedOperator(db))) {
    await repo.dropBootstrapTokens(db);
    return null;
  }
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const stored = await db.transaction().execute((tx) => repo.replaceBootstrapToken(tx, hashOf(token)));
  return stored ? token : null;
}

const invalidToken = () =>
  new AppError(
    'INVALID_CODE',
    'This bootstrap token is not valid: use the one printed by the latest start, once, while the instance has no operator',
  );

/**
 * A signed-in verified account redeems the start's token and becomes the first operator. The
 * line in the audit log of the organisation they are signed in to, and a warning in the server's
 * log, say who, when and from where.
 */
export async function redeemOperatorBootstrap(
  app: FastifyInstance,
  auth: SessionAuth,
  token: string,
  ip: string,
): Promise<void> {
  await app.rateLimits.consume(BOOTSTRAP_RATE_LIMITS.perIp, ip);
  await app.rateLimits.consume(BOOTSTRAP_RATE_LIMITS.perAccount, auth.userId);
  if (!(await repo.isVerified(app.db, auth.userId))) {
    throw new AppError('EMAIL_NOT_CONFIRMED', 'Verify your email address before you redeem the bootstrap token');
  }
  if (app.config.operatorBootstrap !== 'token') throw invalidToken();
  await app.db.transaction().execute(async (tx) => {
    if (!(await repo.redeemBootstrapToken(tx, hashOf(token), auth.userId, ip))) throw invalidToken();
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'auth.operator_bootstrap_redeemed',
      userId: auth.userId,
      detail: { ip },
    });
  });
  app.log.warn(
    { userId: auth.userId, email: auth.email, ip },
    'operator bootstrap token redeemed: this account is now the first platform operator',
  );
}
