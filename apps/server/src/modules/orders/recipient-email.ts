import { rewardEmailCopy } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { decryptSecret } from '../../lib/crypto';
import { renderEmail } from '../../lib/email/layout';
import type { OutgoingEmail } from '../../plugins/mail';
import { senderBranding } from '../organisation';
import { cachedProduct } from './lookups';
import type * as repo from './repository';

/** The recipient email itself. Inside a transaction, pass it as `db` (PGlite has one connection). */
export async function renderRecipientEmail(
  app: FastifyInstance,
  order: repo.OrderRow,
  rewards: Pick<repo.RewardRow, 'claim_token_encrypted'>[],
  to: string,
  db: Kysely<Database> = app.db,
): Promise<OutgoingEmail> {
  // Read fresh, not from the lookups cache: a settings change shows on the very next email.
  const branding = await senderBranding(db, order.organisation_id);
  const product = await cachedProduct(app, order.product_code, db);
  const links = rewards.map(
    (r) => `${app.config.publicUrl}/claim/${decryptSecret(app.secrets.rewardCodeKey, r.claim_token_encrypted)}`,
  );
  const copy = rewardEmailCopy({
    sender: branding.sender,
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
    branding: {
      name: branding.sender,
      colour: branding.colour,
      logoUrl: branding.logoPath && `${app.config.publicUrl}${branding.logoPath}`,
    },
  });
  return { to, subject: copy.subject, fromName: branding.fromName, replyTo: branding.replyTo, ...email };
}
