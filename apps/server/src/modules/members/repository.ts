import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The app's database or a transaction on it: every function here works inside the caller's. */
type Executor = Kysely<Database>;
type Role = Database['memberships']['role'];
type InvitableRole = Database['invitations']['role'];

/**
 * Serialises every change to an organisation's members: the last-owner rule and the member cap
 * are checked after this lock, so two changes at once cannot both pass them.
 */
export async function lockOrganisation(db: Executor, organisationId: string) {
  await db.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
}

/** Whether the organisation requires two-factor sign-in of its owners (decision 037). */
export async function ownersNeedTwoFactor(db: Executor, organisationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organisations')
    .select('owners_need_two_factor')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return row?.owners_need_two_factor ?? false;
}

/** The live API keys the member created in the organisation: removing them revokes these (decision 063). */
const activeApiKeys = sql<string>`(SELECT count(*) FROM api_keys k
  WHERE k.organisation_id = m.organisation_id AND k.created_by = m.user_id
    AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))`.as('active_api_keys');

export function listMembers(db: Executor, organisationId: string, limit: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'm.role', 'm.created_at', activeApiKeys])
    .where('m.organisation_id', '=', organisationId)
    .orderBy(sql`array_position(ARRAY['owner','admin','sender','viewer'], m.role)`)
    .orderBy('u.email')
    .limit(limit)
    .execute();
}

export function findMember(db: Executor, organisationId: string, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'm.role', 'm.created_at', activeApiKeys])
    .where('m.organisation_id', '=', organisationId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

export async function setRole(db: Executor, organisationId: string, userId: string, role: Role) {
  await db
    .updateTable('memberships')
    .set({ role })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Executor, organisationId: string, userId: string) {
  await db
    .deleteFrom('memberships')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function countOwners(db: Executor, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members plus open invitations: what the cap counts. */
export async function countSeats(db: Executor, organisationId: string): Promise<number> {
  const row = await sql<{ n: string }>`
    SELECT (SELECT count(*) FROM memberships WHERE organisation_id = ${organisationId})
      + (SELECT count(*) FROM invitations WHERE organisation_id = ${organisationId}
           AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()) AS n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

export function organisationName(db: Executor, organisationId: string) {
  return db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow()
    .then((r) => r.name);
}

export function isMemberByEmail(db: Executor, organisationId: string, email: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.organisation_id', '=', organisationId)
    .where('u.email', '=', email)
    .executeTakeFirst()
    .then((r) => r !== undefined);
}

const invitationColumns = [
  'i.id',
  'i.organisation_id',
  'i.email',
  'i.role',
  'i.created_at',
  'i.expires_at',
  'i.accepted_at',
  'i.revoked_at',
  'i.invited_by',
  'inviter.email as invited_by_email',
] as const;

function invitations(db: Executor) {
  return db
    .selectFrom('invitations as i')
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select(invitationColumns)
    .select(sql<boolean>`i.expires_at <= now()`.as('is_expired'));
}
export type InvitationRow = Awaited<ReturnType<typeof findOpenInvitation>> & {};

/** Invitations neither accepted nor revoked (expired ones included: they can be resent). */
export function listOpenInvitations(db: Executor, organisationId: string, limit: number) {
  return invitations(db)
    .where('i.organisation_id', '=', organisationId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

export function findOpenInvitation(db: Executor, organisationId: string, id: string) {
  return invitations(db)
    .where('i.organisation_id', '=', organisationId)
    .where('i.id', '=', id)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .forUpdate('i')
    .executeTakeFirst();
}

/** The invitation a link names, locked until the caller's transaction ends. */
export function findInvitationByToken(db: Executor, tokenHash: Buffer) {
  return invitations(db)
    .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
    .select('o.name as organisation_name')
    .where('i.token_hash', '=', tokenHash)
    .forUpdate('i')
    .executeTakeFirst();
}

/** Closes any open invitation for the address, so a new one can take its place. */
export async function revokeOpenInvitationFor(db: Executor, organisationId: string, email: string) {
  await db
    .updateTable('invitations')
    .set({ revoked_at: sql`now()` })
    .where('organisation_id', '=', organisationId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertInvitation(
  db: Executor,
  values: {
    organisationId: string;
    email: string;
    role: InvitableRole;
    tokenHash: Buffer;
    invitedBy: string;
    days: number;
  },
): Promise<string> {
  const row = await db
    .insertInto('invitations')
    .values({
      organisation_id: values.organisationId,
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: sql`now() + ${`${values.days} days`}::interval`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new token and a new week: the old link stops working. */
export async function renewInvitation(db: Executor, id: string, tokenHash: Buffer, days: number) {
  await db
    .updateTable('invitations')
    .set({ token_hash: tokenHash, expires_at: sql`now() + ${`${days} days`}::interval` })
    .where('id', '=', id)
    .execute();
}

export async function revokeInvitation(db: Executor, id: string) {
  await db.updateTable('invitations').set({ revoked_at: sql`now()` }).where('id', '=', id).execute();
}

export async function markAccepted(db: Executor, id: string, userId: string) {
  await db
    .updateTable('invitations')
    .set({ accepted_at: sql`now()`, accepted_by: userId })
    .where('id', '=', id)
    .execute();
}

export function findUserIdByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()
    .then((r) => r?.id);
}

/** The addresses of the organisation's owners, for the emails only an owner can act on. */
export async function ownerEmails(db: Executor | Transaction<Database>, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.organisation_id', '=', organisationId)
    .where('m.role', '=', 'owner')
    .orderBy('u.email')
    .execute();
  return rows.map((r) => r.email);
}
