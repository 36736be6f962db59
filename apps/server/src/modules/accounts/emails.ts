import { renderEmail } from '../../lib/email/layout';
import type { OutgoingEmail } from '../../plugins/mail';

export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

export function verificationEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Verify your email for GiftRelay',
    ...renderEmail({
      preview: 'One click to finish setting up your GiftRelay account.',
      heading: 'Verify your email',
      paragraphs: ['Thanks for signing up for GiftRelay. Confirm that this address is yours to start sending rewards.'],
      action: { label: 'Verify email', url: link },
      footnotes: [
        `The link works once and expires in ${VERIFY_LINK_HOURS} hours.`,
        'If you did not sign up for GiftRelay, ignore this email: no account is active without this step.',
      ],
    }),
  };
}

export function alreadyRegisteredEmail(to: string, signInLink: string, resetLink: string): OutgoingEmail {
  return {
    to,
    subject: 'You already have a GiftRelay account',
    ...renderEmail({
      preview: 'Someone tried to sign up with this address.',
      heading: 'You already have an account',
      paragraphs: [
        'Someone, hopefully you, tried to create a GiftRelay account with this address. It already has one, so nothing changed.',
        `Sign in at ${signInLink}. If you have forgotten your password, you can reset it.`,
      ],
      action: { label: 'Reset your password', url: resetLink },
      footnotes: ['If this was not you, you can ignore this email. Your account is unchanged.'],
    }),
  };
}

export function resetPasswordEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Reset your GiftRelay password',
    ...renderEmail({
      preview: 'A link to choose a new password.',
      heading: 'Reset your password',
      paragraphs: ['We received a request to reset the password of your GiftRelay account.'],
      action: { label: 'Choose a new password', url: link },
      footnotes: [
        `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
    }),
  };
}

export function passwordChangedEmail(to: string, resetLink: string): OutgoingEmail {
  return {
    to,
    subject: 'Your GiftRelay password was changed',
    ...renderEmail({
      preview: 'Your password was just changed.',
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your GiftRelay account was just changed, and your other sessions were signed out.',
        'If this was not you, reset your password now.',
      ],
      action: { label: 'Reset your password', url: resetLink },
    }),
  };
}
