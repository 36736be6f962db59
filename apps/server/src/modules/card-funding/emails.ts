import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { renderEmail } from '../../lib/email/layout';
import type { OutgoingEmail } from '../../plugins/mail';

/** To each owner when a refund or dispute took more than the balance held (decision 046). */
export function shortfallEmail(
  app: FastifyInstance,
  s: {
    to: string;
    organisation: string;
    reason: 'card_refund' | 'dispute';
    shortfallMinor: number;
    shortMinor: number;
    currency: string;
  },
): OutgoingEmail {
  const owed = formatMoney(s.shortfallMinor, s.currency);
  const what = s.reason === 'dispute' ? 'A card payment was disputed' : 'A card payment was refunded';
  return {
    to: s.to,
    subject: `Sending is paused for ${s.organisation}: ${owed} to pay`,
    ...renderEmail({
      preview: `${what} and the balance did not cover it; sending resumes once ${owed} is paid.`,
      heading: 'Sending is paused until the shortfall is paid',
      paragraphs: [
        `${what}, so the money it added to the balance of ${s.organisation} was taken back. The balance held less than that: ${formatMoney(s.shortMinor, s.currency)} could not be taken and is now owed.`,
        `Until ${owed} is paid, new orders and batches are refused. Orders already sent are not affected. Add funds on the Billing page: the top-up pays the shortfall first, and sending resumes at once.`,
      ],
      details: [{ label: 'Owed', value: owed }],
      action: { label: 'Open Billing', url: `${app.config.publicUrl}/billing` },
      footnotes: ['You get this email because you are an owner of this GiftRelay organisation.'],
    }),
  };
}
