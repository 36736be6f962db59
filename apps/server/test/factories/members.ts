import type { Role } from '@giftrelay/contracts';
import { bearer, linkToken, randomIp, type SignedUpUser, signIn, uniqueEmail, waitForEmail } from '../factories';
import type { TestApp } from '../helpers';

type InvitableRole = Exclude<Role, 'owner'>;

/** Invites an address into the inviter's organisation and answers the emailed link's token. */
export async function invite(t: TestApp, inviter: SignedUpUser, email: string, role: InvitableRole) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invitations',
    headers: bearer(inviter.accessToken),
    payload: { email, role },
  });
  if (res.statusCode !== 201) throw new Error(`invitation failed: ${res.statusCode} ${res.body}`);
  const message = await waitForEmail(t, email, /invited/i);
  return { id: res.json().invitation.id as string, token: linkToken(message, '/invitations/') };
}

/**
 * A new person invited into `owner`'s organisation with `role`, through the real endpoints: the
 * invitation, its email, acceptance with a password, password sign-in.
 */
export async function joinAs(t: TestApp, owner: SignedUpUser, role: InvitableRole): Promise<SignedUpUser> {
  const email = uniqueEmail(role);
  const password = 'violet-Harbour-42';
  const { token } = await invite(t, owner, email, role);
  const remoteAddress = randomIp();
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invitations/accept-new',
    payload: { token, password },
    remoteAddress,
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
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
