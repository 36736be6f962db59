import type { RateLimitRule } from '../../plugins/rate-limits';

/** Per address (IP) and per account (email), as the issue asks; RATE_LIMIT_FACTOR multiplies them. */
export const RATE_LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts (a successful one is not counted). */
  signInPerIp: { name: 'sign-in:ip', limit: 50, windowSeconds: 900 },
  /**
   * Failed sign-ins to one account from one address (decision 054): an attacker elsewhere cannot
   * lock the owner out. Also the budget of current-password checks when changing the password.
   */
  signInPerAccount: { name: 'sign-in:account-address', limit: 10, windowSeconds: 900 },
  /**
   * Failed sign-ins to one account from every address together: a ceiling on guessing from many
   * addresses. Past it, only an address the account has signed in from before may still try, so
   * the owner is not locked out by strangers.
   */
  signInFailuresPerAccount: { name: 'sign-in:account', limit: 100, windowSeconds: 3600 },
  signUpPerIp: { name: 'sign-up:ip', limit: 20, windowSeconds: 3600 },
  signUpPerAccount: { name: 'sign-up:account', limit: 5, windowSeconds: 3600 },
  resendPerIp: { name: 'resend:ip', limit: 20, windowSeconds: 3600 },
  resendPerAccount: { name: 'resend:account', limit: 3, windowSeconds: 900 },
  recoverPerIp: { name: 'recover:ip', limit: 20, windowSeconds: 3600 },
  recoverPerAccount: { name: 'recover:account', limit: 5, windowSeconds: 3600 },
  linkPerIp: { name: 'link:ip', limit: 30, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;
