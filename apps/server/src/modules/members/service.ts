import {
  type AcceptedInvitation,
  type CreateInvitationBody,
  INVITATION_DAYS,
  type Invitation,
  type InvitationPreview,
  MEMBERS_MAX,
  type Member,
  type Role,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, newSecureToken } from '../../lib/secure-token';
import type { SessionAuth } from '../../plugins/auth';
import type { RateLimitRule } from '../../plugins/rate-limits';
import {
  endSessionsIn,
  hashPassword,
  hasTwoFactor,
  insertMembership,
  insertUser,
  markEmailVerified,
  refuseWeakPassword,
} from '../accounts';
import { revokeKeysOfRemovedMember } from '../api-keys';
import { recordAudit } from '../audit';
import { revokeGrantsOfRemovedMember } from '../oauth';
import { budgetOf, memberBudgets } from '../spend-limits';
import { invitationEmail } from './emails';
import * as repo from './repository';

/** RATE_LIMIT_FACTOR multiplies them. */
export const RATE_LIMITS = {
  invitationsPerOrganisation: { name: 'invite:organisation', limit: 50, windowSeconds: 3600 },
  invitationLinkPerIp: { name: 'invitation-link:ip', limit: 30, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const notMember = () => new AppError('NOT_FOUND', 'No member with this id in your organisation');
const noInvitation = () => new AppError('NOT_FOUND', 'No open invitation with this id in your organisation');
const ownersOnly = () => new AppError('FORBIDDEN', 'Only an owner can change an owner’s role or make someone owner');
const alreadyHasAccount = () =>
  new AppError('CONFLICT', 'This address already has an account: sign in to accept the invitation');
const lastOwner = () =>
  new AppError('CONFLICT', 'An organisation needs at least one owner: make someone else owner first');

function presentMember(
  row: { user_id: string; email: string; role: Role; created_at: Date; active_api_keys: number | string },
  you: string,
  budget: Member['budget'],
): Member {
  return {
    user_id: row.user_id,
    email: row.email,
    role: row.role,
    joined_at: row.created_at.toISOString(),
    is_you: row.user_id === you,
    active_api_keys: Number(row.active_api_keys),
    budget,
  };
}

function presentInvitation(row: repo.InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.is_expired ? 'expired' : 'pending',
    invited_by: row.invited_by && row.invited_by_email ? { id: row.invited_by, email: row.invited_by_email } : null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * The caller's role as it is now, under the organisation's lock: a change that committed since
 * the request was authenticated (a concurrent demotion) counts.
 */
async function actorRole(trx: Kysely<Database>, auth: SessionAuth): Promise<Role> {
  const me = await repo.findMember(trx, auth.organisationId, auth.userId);
  if (!me) throw new AppError('FORBIDDEN', 'You are no longer a member of this organisation');
  return me.role;
}

export async function listMembers(app: FastifyInstance, auth: SessionAuth): Promise<Member[]> {
  const [rows, budgets] = await Promise.all([
    repo.listMembers(app.db, auth.organisationId, MEMBERS_MAX),
    memberBudgets(app.db, auth.organisationId),
  ]);
  return rows.map((r) => presentMember(r, auth.userId, budgets.get(r.user_id) ?? null));
}

/** Nobody becomes owner of an organisation that requires two-factor sign-in of owners without it. */
async function requireTwoFactorForOwner(
  trx: Kysely<Database>,
  organisationId: string,
  user: { id: string; email: string },
) {
  if ((await repo.ownersNeedTwoFactor(trx, organisationId)) && !(await hasTwoFactor(trx, user.id))) {
    throw new AppError(
      'CONFLICT',
      `${user.email} must turn on two-factor sign-in first: this organisation requires it of its owners`,
    );
  }
}

/**
 * Gives a member another role. Owners alone touch owners; the organisation keeps at least one
 * owner, checked under the organisation's lock so two demotions at once cannot both pass.
 */
export async function updateRole(app: FastifyInstance, auth: SessionAuth, userId: string, role: Role): Promise<Member> {
  return app.db.transaction().execute(async (trx) => {
    await repo.lockOrganisation(trx, auth.organisationId);
    const actor = await actorRole(trx, auth);
    const target = await repo.findMember(trx, auth.organisationId, userId);
    if (!target) throw notMember();
    if ((target.role === 'owner' || role === 'owner') && actor !== 'owner') throw ownersOnly();
    const budget = await budgetOf(trx, { kind: 'member', organisationId: auth.organisationId, userId });
    if (target.role === role) return presentMember(target, auth.userId, budget);
    if (role === 'owner') await requireTwoFactorForOwner(trx, auth.organisationId, { id: userId, email: target.email });
    await repo.setRole(trx, auth.organisationId, userId, role);
    if ((await repo.countOwners(trx, auth.organisationId)) < 1) throw lastOwner();
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'member.role_changed',
      userId: auth.userId,
      detail: { user_id: userId, email: target.email, from: target.role, to: role },
    });
    return presentMember({ ...target, role }, auth.userId, budget);
  });
}

/**
 * Removes a member and ends their sessions in this organisation at once; unless told not to, the
 * API keys they created are revoked in the same transaction (decision 063). Answers how many.
 */
export async function removeMember(
  app: FastifyInstance,
  auth: SessionAuth,
  userId: string,
  revokeApiKeys = true,
): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    await repo.lockOrganisation(trx, auth.organisationId);
    const actor = await actorRole(trx, auth);
    const target = await repo.findMember(trx, auth.organisationId, userId);
    if (!target) throw notMember();
    if (target.role === 'owner' && actor !== 'owner') throw ownersOnly();
    await repo.deleteMember(trx, auth.organisationId, userId);
    if ((await repo.countOwners(trx, auth.organisationId)) < 1) throw lastOwner();
    await endSessionsIn(trx, auth.organisationId, userId);
    // The assistants they connected stop with them, and leave Connected apps (decision 084).
    await revokeGrantsOfRemovedMember(trx, { organisationId: auth.organisationId, userId, by: auth.userId });
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'member.removed',
      userId: auth.userId,
      detail: { user_id: userId, email: target.email, role: target.role },
    });
    return revokeApiKeys ? revokeKeysOfRemovedMember(trx, auth, userId) : 0;
  });
}

/** The caller (an owner) hands ownership to another member and becomes an admin. */
export async function transferOwnership(app: FastifyInstance, auth: SessionAuth, userId: string): Promise<Member[]> {
  await app.db.transaction().execute(async (trx) => {
    await repo.lockOrganisation(trx, auth.organisationId);
    if (userId === auth.userId) {
      throw new AppError('VALIDATION_ERROR', 'user_id: choose another member', [
        { path: 'body.user_id', message: 'is you: choose another member' },
      ]);
    }
    const target = await repo.findMember(trx, auth.organisationId, userId);
    if (!target) throw notMember();
    const me = await repo.findMember(trx, auth.organisationId, auth.userId);
    if (me?.role !== 'owner') throw ownersOnly();
    await requireTwoFactorForOwner(trx, auth.organisationId, { id: userId, email: target.email });
    await repo.setRole(trx, auth.organisationId, userId, 'owner');
    await repo.setRole(trx, auth.organisationId, auth.userId, 'admin');
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'ownership.transferred',
      userId: auth.userId,
      detail: { from_user_id: auth.userId, to_user_id: userId, to_email: target.email },
    });
  });
  return listMembers(app, { ...auth, role: 'admin' });
}

export async function listInvitations(app: FastifyInstance, auth: SessionAuth): Promise<Invitation[]> {
  const rows = await repo.listOpenInvitations(app.db, auth.organisationId, MEMBERS_MAX);
  return rows.map(presentInvitation);
}

function invitationLink(app: FastifyInstance, token: string) {
  return `${app.config.publicUrl}/invitations/${token}`;
}

async function sendInvitation(
  app: FastifyInstance,
  trx: Kysely<Database>,
  auth: SessionAuth,
  invite: { email: string; role: Invitation['role']; token: string },
) {
  const organisationName = await repo.organisationName(trx, auth.organisationId);
  await app.mail.send(
    invitationEmail(invite.email, {
      organisationName,
      inviterEmail: auth.email,
      role: invite.role,
      link: invitationLink(app, invite.token),
    }),
    { db: trx },
  );
}

/**
 * Invites an address with a role. An open invitation for the same address is replaced (its link
 * stops working); an address that is already a member is a 409.
 */
export async function createInvitation(
  app: FastifyInstance,
  auth: SessionAuth,
  body: CreateInvitationBody,
): Promise<Invitation> {
  await app.rateLimits.consume(RATE_LIMITS.invitationsPerOrganisation, auth.organisationId);
  const email = normalizeEmail(body.email);
  const id = await app.db.transaction().execute(async (trx) => {
    await repo.lockOrganisation(trx, auth.organisationId);
    if (await repo.isMemberByEmail(trx, auth.organisationId, email)) {
      throw new AppError('CONFLICT', `${email} is already a member of this organisation`, [
        { path: 'body.email', message: 'is already a member' },
      ]);
    }
    await repo.revokeOpenInvitationFor(trx, auth.organisationId, email);
    if ((await repo.countSeats(trx, auth.organisationId)) >= MEMBERS_MAX) {
      throw new AppError('CONFLICT', `An organisation can have ${MEMBERS_MAX} members and open invitations`);
    }
    const token = newSecureToken();
    const id = await repo.insertInvitation(trx, {
      organisationId: auth.organisationId,
      email,
      role: body.role,
      tokenHash: hashToken(token),
      invitedBy: auth.userId,
      days: INVITATION_DAYS,
    });
    await sendInvitation(app, trx, auth, { email, role: body.role, token });
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'member.invited',
      userId: auth.userId,
      detail: { invitation_id: id, email, role: body.role },
    });
    return id;
  });
  return openInvitation(app, auth, id);
}

async function openInvitation(app: FastifyInstance, auth: SessionAuth, id: string): Promise<Invitation> {
  const row = await app.db.transaction().execute((trx) => repo.findOpenInvitation(trx, auth.organisationId, id));
  if (!row) throw noInvitation();
  return presentInvitation(row);
}

/** A new link and another week; the old link stops working. */
export async function resendInvitation(app: FastifyInstance, auth: SessionAuth, id: string): Promise<Invitation> {
  await app.rateLimits.consume(RATE_LIMITS.invitationsPerOrganisation, auth.organisationId);
  await app.db.transaction().execute(async (trx) => {
    const row = await repo.findOpenInvitation(trx, auth.organisationId, id);
    if (!row) throw noInvitation();
    const token = newSecureToken();
    await repo.renewInvitation(trx, id, hashToken(token), INVITATION_DAYS);
    await sendInvitation(app, trx, auth, { email: row.email, role: row.role, token });
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'invitation.resent',
      userId: auth.userId,
      detail: { invitation_id: id, email: row.email },
    });
  });
  return openInvitation(app, auth, id);
}

export async function revokeInvitation(app: FastifyInstance, auth: SessionAuth, id: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const row = await repo.findOpenInvitation(trx, auth.organisationId, id);
    if (!row) throw noInvitation();
    await repo.revokeInvitation(trx, id);
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'invitation.revoked',
      userId: auth.userId,
      detail: { invitation_id: id, email: row.email },
    });
  });
}

/** The invitation a link names, if it can still be accepted (locked in the caller's transaction). */
async function usableInvitation(trx: Kysely<Database>, token: string) {
  const row = await repo.findInvitationByToken(trx, hashToken(token));
  if (!row || row.revoked_at) {
    throw new AppError('INVALID_LINK', 'This invitation is not valid: it may have been revoked or replaced.');
  }
  if (row.accepted_at) throw new AppError('INVALID_LINK', 'This invitation has already been accepted.');
  if (row.is_expired) throw new AppError('LINK_EXPIRED', 'This invitation has expired. Ask for a new one.');
  return row;
}

export async function inspectInvitation(app: FastifyInstance, token: string, ip: string): Promise<InvitationPreview> {
  await app.rateLimits.consume(RATE_LIMITS.invitationLinkPerIp, ip);
  return app.db.transaction().execute(async (trx) => {
    const row = await usableInvitation(trx, token);
    return {
      success: true as const,
      organisation_name: row.organisation_name,
      email: row.email,
      role: row.role,
      has_account: (await repo.findUserIdByEmail(trx, row.email)) !== undefined,
      expires_at: row.expires_at.toISOString(),
    };
  });
}

async function join(trx: Kysely<Database>, row: Awaited<ReturnType<typeof usableInvitation>>, userId: string) {
  await insertMembership(trx, { user_id: userId, organisation_id: row.organisation_id, role: row.role });
  await repo.markAccepted(trx, row.id, userId);
  await recordAudit(trx, {
    organisationId: row.organisation_id,
    action: 'member.joined',
    userId,
    detail: { invitation_id: row.id, email: row.email, role: row.role },
  });
  return {
    success: true as const,
    email: row.email,
    organisation_id: row.organisation_id,
    organisation_name: row.organisation_name,
    role: row.role,
  };
}

/**
 * A person without an account accepts: they choose a password and join. The emailed link proves
 * the address, so the account is verified at once; they then sign in as usual.
 */
export async function acceptAsNewUser(
  app: FastifyInstance,
  input: { token: string; password: string },
  ip: string,
): Promise<AcceptedInvitation> {
  await app.rateLimits.consume(RATE_LIMITS.invitationLinkPerIp, ip);
  const passwordHash = await hashPassword(input.password, app.config.passwordHashing);
  return app.db.transaction().execute(async (trx) => {
    const row = await usableInvitation(trx, input.token);
    await refuseWeakPassword(input.password, row.email);
    if ((await repo.findUserIdByEmail(trx, row.email)) !== undefined) throw alreadyHasAccount();
    const user = await insertUser(trx, { email: row.email, password_hash: passwordHash }).catch((err: unknown) => {
      // The same address signing up, or accepting another organisation's invitation, at this moment.
      if ((err as { code?: string }).code === '23505') throw alreadyHasAccount();
      throw err;
    });
    await markEmailVerified(trx, user.id, { firstOperator: app.config.operatorBootstrap === 'first-verified' });
    return join(trx, row, user.id);
  });
}

/** A signed-in person accepts an invitation sent to their own address. */
export async function accept(
  app: FastifyInstance,
  auth: SessionAuth,
  token: string,
  ip: string,
): Promise<AcceptedInvitation> {
  await app.rateLimits.consume(RATE_LIMITS.invitationLinkPerIp, ip);
  return app.db.transaction().execute(async (trx) => {
    const row = await usableInvitation(trx, token);
    if (row.email !== auth.email) {
      throw new AppError('FORBIDDEN', `This invitation is for ${row.email}: sign in with that address to accept it`);
    }
    await repo.lockOrganisation(trx, row.organisation_id);
    if (await repo.findMember(trx, row.organisation_id, auth.userId)) {
      throw new AppError('CONFLICT', 'You are already a member of this organisation');
    }
    return join(trx, row, auth.userId);
  });
}
