import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { decryptSecret } from '../../lib/crypto';
import { renderEmail } from '../../lib/email/layout';
import type { OutgoingEmail } from '../../plugins/mail';
import { cachedProduct, organisationName } from './lookups';
import * as repo from './repository';

/**
 * The recipient's email: brand, value, who sent it, their message, and a claim button per
 * reward. Queued inside the caller's transaction, so it goes out only if that commits. Codes are
 * never in the email, only the claim links that show them.
 */
export async function queueRecipientEmail(
  app: FastifyInstance,
  tx: Transaction<Database>,
  order: repo.OrderRow,
  opts: { to?: string; reason?: 'delivery' | 'resend'; rewards?: repo.RewardRow[] } = {},
): Promise<void> {
  const to = opts.to ?? order.recipient_email;
  const rewards = opts.rewards ?? (await repo.listRewards(tx, order.id));
  await app.mail.send(await renderRecipientEmail(app, order, rewards, to, tx), { db: tx });
  await repo.insertEvent(tx, {
    order_id: order.id,
    organisation_id: order.organisation_id,
    type: opts.reason === 'resend' ? 'email.resent' : 'email.queued',
    payload: { to },
  });
}

/** The recipient email itself. Inside a transaction, pass it as `db` (PGlite has one connection). */
export async function renderRecipientEmail(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: Pick<repo.RewardRow, 'claim_token_encrypted'>[],
  to: string,
  db: Kysely<Database> = app.db,
): Promise<OutgoingEmail> {
  const org = { name: await organisationName(app, order.organisation_id, db) };
  const product = await cachedProduct(app, order.product_code, db);
  const links = rewards.map(
    (r) => `${app.config.publicUrl}/claim/${decryptSecret(app.secrets.rewardCodeKey, r.claim_token_encrypted)}`,
  );
  const value = formatMoney(Number(order.amount_minor), order.currency);
  const many = rewards.length > 1;
  const subject = many
    ? `${org.name} sent you ${rewards.length} ${order.brand} gift cards`
    : `${org.name} sent you a ${value} ${order.brand} gift card`;
  const email = renderEmail({
    preview: `Your ${value} ${order.brand} reward is ready to claim.`,
    heading: many
      ? `You have ${rewards.length} ${order.brand} gift cards`
      : `You have a ${value} ${order.brand} gift card`,
    paragraphs: [
      `${org.name} sent you ${many ? `${rewards.length} gift cards of ${value} each` : `a ${value} gift card`} for ${order.product_name}.`,
      ...(order.message ? [`“${order.message}”`] : []),
    ],
    details: [
      { label: 'Brand', value: order.brand },
      { label: 'Value', value: many ? `${rewards.length} × ${value}` : value },
    ],
    action: links.length === 1 ? { label: 'Claim your reward', url: links[0] as string } : undefined,
    links:
      links.length > 1
        ? links.map((url, i) => ({ label: `Claim reward ${i + 1} of ${links.length}`, url }))
        : undefined,
    footnotes: [
      ...(product?.redemptionInstructions ? [`How to redeem: ${product.redemptionInstructions}`] : []),
      'Keep your claim link private: anyone with it can see and spend the code.',
    ],
  });
  return { to, subject, ...email };
}
