import type { Claim } from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { decryptSecret, hashToken } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { cachedProduct, EXPIRED_REASON, findRewardByClaimHash, recordClaimOpened } from '../orders';
import { senderBranding } from '../organisation';
import { holdAtClaim } from '../risk';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function getClaim(app: FastifyInstance, token: string, ip = ''): Promise<Claim> {
  // A malformed token cannot match; answer exactly as for an unknown one.
  if (!TOKEN_SHAPE.test(token)) throw notFound('Reward');
  const hash = hashToken(token);
  const reward = await findRewardByClaimHash(app.db, hash);
  if (!reward) throw notFound('Reward');
  const [org, product] = await Promise.all([
    senderBranding(app.db, reward.organisation_id),
    cachedProduct(app, reward.product_code),
  ]);
  // Risk rules at the claim (decision 083): a held or blocked reward shows no code and is not
  // opened; an issued one of an organisation with claim-side rules is checked first.
  const held =
    reward.claim_review === 'pending' ||
    reward.claim_review === 'blocked' ||
    (reward.claim_review === null &&
      reward.risk_claim_rules &&
      reward.status === 'issued' &&
      reward.void_state === null &&
      (await holdAtClaim(app, reward, ip)));
  const opened = held ? true : await recordClaimOpened(app.db, reward.id, new Date(), hash);
  // Not opened: voided, or its links were replaced since it was found (sent to another address).
  if (!opened && !(await findRewardByClaimHash(app.db, hash))) throw notFound('Reward');
  const key = app.secrets.rewardCodeKey;
  // Voided by the sender before it was opened (decision 039): the page says so, with no code.
  const voided = !opened;
  // Not opened by its order's expiry (decision 081): it shows as expired, before the sweep or after.
  const expired =
    voided &&
    reward.claim_first_opened_at === null &&
    reward.order_expires_at !== null &&
    reward.order_expires_at.getTime() <= Date.now() &&
    (reward.void_state === null || reward.void_reason === EXPIRED_REASON);
  const issued = reward.status === 'issued' && !voided && !held;
  return {
    success: true,
    brand: reward.brand,
    product_name: reward.product_name,
    currency: reward.currency,
    amount: toMajor(Number(reward.amount_minor), reward.currency),
    code: issued && reward.code_encrypted ? decryptSecret(key, reward.code_encrypted) : null,
    pin: issued && reward.pin_encrypted ? decryptSecret(key, reward.pin_encrypted) : null,
    redemption_url: issued ? reward.redemption_url : null,
    redemption_instructions: product?.redemptionInstructions ?? null,
    terms: product?.terms ?? null,
    expires_at: reward.expires_at?.toISOString() ?? null,
    sender: org.sender,
    sender_logo: org.logoPath,
    brand_colour: org.hasOwnColour ? org.colour : null,
    message: reward.message,
    claim_by: reward.order_expires_at?.toISOString() ?? null,
    // A reward in review (decision 058) is, for its recipient, not issued yet.
    status: held
      ? reward.claim_review === 'blocked'
        ? 'blocked'
        : 'pending_review'
      : expired
        ? 'expired'
        : voided
          ? 'voided'
          : reward.status === 'review'
            ? 'pending'
            : reward.status,
    // A card made in sandbox mode has no value (decision 045); the recipient email says the same.
    sandbox: reward.sandbox,
    logo: product ? `/api/v1/products/${encodeURIComponent(product.code)}/logo.svg` : null,
  };
}
