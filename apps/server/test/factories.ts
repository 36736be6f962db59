import { randomBytes, randomInt } from 'node:crypto';
import type { MailboxMessage, Session, User } from '@giftrelay/contracts';
import { eventually, TEST_MAILBOX_TOKEN, type TestApp } from './helpers';

/**
 * A client address of its own for each call, so tests that create many accounts stay clear of
 * the per-address rate limits (which the rate-limit tests exercise on purpose).
 */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits for the newest email to `to` whose subject matches, in the built-in mailbox. */
export async function waitForEmail(t: TestApp, to: string, subject?: RegExp): Promise<MailboxMessage> {
  // 30 s: on a loaded machine a PGlite file's mail queue, behind its other jobs, has been seen to
  // need more than 15 s (two reports tests, twice, at a load average of 15).
  return eventually(async () => {
    const res = await t.app.inject({
      url: `/api/mailbox?to=${encodeURIComponent(to)}`,
      headers: { 'x-mailbox-token': TEST_MAILBOX_TOKEN },
    });
    const messages = res.json().messages as MailboxMessage[];
    return messages.find((m) => !subject || subject.test(m.subject));
  }, 30_000);
}

/** The token at the end of the first link in the email's text part whose path starts with `path`. */
export function linkToken(
  message: Pick<MailboxMessage, 'text'>,
  path: '/verify/' | '/reset-password/' | '/invitations/',
): string {
  const match = message.text.match(new RegExp(`https?://[^\\s]+${path}([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in the email:\n${message.text}`);
  return match[1];
}

export interface SignedUpUser {
  accessToken: string;
  refreshToken: string;
  user: User;
  organisationId: string;
  email: string;
  password: string;
}

/**
 * A verified account with its own organisation, signed in, made through the real endpoints:
 * sign-up, the verification email in the mailbox, verification, password sign-in.
 */
export async function signUpVerifiedUser(
  t: TestApp,
  overrides: { email?: string; password?: string } = {},
): Promise<SignedUpUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'violet-Harbour-42';
  const remoteAddress = randomIp();
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password },
    remoteAddress,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const token = linkToken(await waitForEmail(t, email, /verify/i), '/verify/');
  // Verified as the browser that signed up would: with its sign-up cookie (decision 054).
  const cookies = signUpCookie(signUp);
  const verifyWith = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload, cookies, remoteAddress });
  let verify = await verifyWith({ token });
  // An address OPERATOR_EMAILS names verifies only with the password chosen there (decision 054).
  if (verify.statusCode === 400 && verify.json().details?.[0]?.path === 'body.password') {
    verify = await verifyWith({ token, password });
  }
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.statusCode} ${verify.body}`);
  const session = await signIn(t, email, password, remoteAddress);
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    user: session.user,
    organisationId: session.user.organisation.id,
    email,
    password,
  };
}

/**
 * The sign-up browser's cookie in a sign-up's answer (or a sign-in's refused as unverified), to
 * send with /auth/verify as that browser would: without it a link asks for a password (decision 054).
 */
export function signUpCookie(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  const cookie = res.cookies.find((c) => c.name === 'gr_signup');
  if (!cookie) throw new Error('the answer set no gr_signup cookie');
  return { gr_signup: cookie.value };
}

export async function signIn(t: TestApp, email: string, password: string, remoteAddress = randomIp()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as Session;
}
