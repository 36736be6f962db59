import { rewardEmailCopy } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
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
  const copy = rewardEmailCopy({
    sender: org.name,
    brand: order.brand,
    productName: order.product_name,
    value: formatMoney(Number(order.amount_minor), order.currency),
    amount: toMajor(Number(order.amount_minor), order.currency),
    count: rewards.length,
    recipientName: order.recipient_name,
    message: order.message,
    sandbox: app.giftCards.isSandbox,
    redemptionInstructions: product?.redemptionInstructions,
  });
  const email = renderEmail({
    preview: copy.preview,
    notice: copy.notice,
    heading: copy.heading,
    paragraphs: copy.paragraphs,
    details: copy.details,
    action: links.length === 1 ? { label: copy.claimLabels[0] as string, url: links[0] as string } : undefined,
    links: links.length > 1 ? links.map((url, i) => ({ label: copy.claimLabels[i] as string, url })) : undefined,
    footnotes: copy.footnotes,
  });
  return { to, subject: copy.subject, ...email };
}
