import { EMAIL_CHANGE_LINK_HOURS } from '@giftrelay/contracts';
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

export function confirmNewEmailEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your new email for GiftRelay',
    ...renderEmail({
      preview: 'One click to make this your GiftRelay address.',
      heading: 'Confirm your new email',
      paragraphs: [
        'You asked to use this address for your GiftRelay account. Confirm it, and you will sign in with it from then on.',
      ],
      action: { label: 'Confirm new email', url: link },
      footnotes: [
        `The link works once and expires in ${EMAIL_CHANGE_LINK_HOURS} hours.`,
        'If you did not ask for this, ignore this email: nothing changes without this step.',
      ],
    }),
  };
}

/** To the new address when it already has an account: the change cannot happen, and nobody learns why but its owner. */
export function addressTakenEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Your address was offered for another GiftRelay account',
    ...renderEmail({
      preview: 'Someone asked to move another account to this address.',
      heading: 'This address already has an account',
      paragraphs: [
        'Someone signed in to another GiftRelay account asked to use this address for it. This address already has its own account, so nothing changed.',
      ],
      footnotes: ['If this was you, use a different address, or sign in to the account this address already has.'],
    }),
  };
}

/** To the old address: a change was asked for, then made. */
export function emailChangeNoticeEmail(to: string, newEmail: string, done: boolean, resetLink: string): OutgoingEmail {
  return {
    to,
    subject: done ? 'Your GiftRelay email was changed' : 'A change of your GiftRelay email was requested',
    ...renderEmail({
      preview: done ? `Your account now signs in as ${newEmail}.` : `A link was sent to ${newEmail}.`,
      heading: done ? 'Your email was changed' : 'Email change requested',
      paragraphs: done
        ? [`Your GiftRelay account's address is now ${newEmail}. This address no longer signs in.`]
        : [
            `Someone signed in to your GiftRelay account asked to change its address to ${newEmail}. Nothing changes until the link sent there is opened.`,
          ],
      action: { label: 'Reset your password', url: resetLink },
      footnotes: ['If this was not you, reset your password now and check Settings → Profile & security.'],
    }),
  };
}

export function twoFactorChangedEmail(to: string, enabled: boolean, resetLink: string): OutgoingEmail {
  return {
    to,
    subject: enabled ? 'Two-factor sign-in is on for GiftRelay' : 'Two-factor sign-in was turned off for GiftRelay',
    ...renderEmail({
      preview: enabled ? 'Your account now asks for a code at sign-in.' : 'Your account no longer asks for a code.',
      heading: enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off',
      paragraphs: enabled
        ? [
            'From now on, signing in to your GiftRelay account asks for a code from your authenticator app after your password.',
            'Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.',
          ]
        : ['Your GiftRelay account no longer asks for a code at sign-in.'],
      action: { label: 'Reset your password', url: resetLink },
      footnotes: ['If this was not you, reset your password now and check Settings → Profile & security.'],
    }),
  };
}
