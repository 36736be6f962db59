import { INVITATION_DAYS, type InvitableRole } from '@giftrelay/contracts';
import { renderEmail } from '../../lib/email/layout';
import type { OutgoingEmail } from '../../plugins/mail';

const ROLE_WORDS: Record<InvitableRole, string> = {
  admin: 'an admin (members, settings and sending)',
  sender: 'a sender (sending rewards and seeing orders)',
  viewer: 'a viewer (reading the dashboard, orders and analytics)',
};

/** The invitation: organisation and inviter are plain text, escaped by the layout. */
export function invitationEmail(
  to: string,
  invite: { organisationName: string; inviterEmail: string; role: InvitableRole; link: string },
): OutgoingEmail {
  return {
    to,
    subject: `You are invited to join ${invite.organisationName} on GiftRelay`,
    ...renderEmail({
      preview: `${invite.inviterEmail} invited you to send rewards together.`,
      heading: `Join ${invite.organisationName} on GiftRelay`,
      paragraphs: [
        `${invite.inviterEmail} invited you to join ${invite.organisationName} as ${ROLE_WORDS[invite.role]}.`,
      ],
      action: { label: 'Accept the invitation', url: invite.link },
      footnotes: [
        `The link works once and expires in ${INVITATION_DAYS} days.`,
        'If you did not expect this, ignore this email: nothing happens without you.',
      ],
    }),
  };
}
