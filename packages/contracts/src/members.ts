import { z } from 'zod';
import { EmailSchema, LinkTokenSchema, NewPasswordSchema, RoleSchema } from './auth';
import { BudgetSchema } from './budgets';
import { listEnvelope } from './lists';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** The most members and open invitations one organisation lists (and may hold). */
export const MEMBERS_MAX = 500;

/** Roles an invitation or a role change may give; `owner` comes only by transfer or from an owner. */
export const InvitableRoleSchema = z.enum(['admin', 'sender', 'viewer'], {
  error: 'role must be admin, sender or viewer',
});
export type InvitableRole = z.infer<typeof InvitableRoleSchema>;

export const MemberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  role: RoleSchema,
  joined_at: z.string(),
  /** The caller themself. */
  is_you: z.boolean(),
  /** The API keys this member created that still work: removing the member revokes them (decision 063). */
  active_api_keys: z.number().int().meta({ description: 'Active API keys this member created' }),
  /** Their monthly budget and where it stands (decision 084); null: none. */
  budget: BudgetSchema.nullable(),
});
export type Member = z.infer<typeof MemberSchema>;
export const ListMembersResponseSchema = listEnvelope(MemberSchema);
export type ListMembersResponse = z.infer<typeof ListMembersResponseSchema>;
export const MemberResponseSchema = z.object({ success: z.literal(true), member: MemberSchema });

export const MemberParamsSchema = z.object({ user_id: z.uuid('user_id must be a user id') });
/** Removing a member revokes the API keys they created unless `revoke_api_keys=false` (decision 063). */
export const RemoveMemberQuerySchema = z.object({
  revoke_api_keys: z
    .enum(['true', 'false'], { error: 'revoke_api_keys must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export const RemoveMemberResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many of the member's API keys this removal revoked. */
  api_keys_revoked: z.number().int(),
});
export type RemoveMemberResponse = z.infer<typeof RemoveMemberResponseSchema>;
export const UpdateMemberRoleBodySchema = z.object({
  role: z.enum(RoleSchema.options, { error: 'role must be owner, admin, sender or viewer' }),
});
export type UpdateMemberRoleBody = z.infer<typeof UpdateMemberRoleBodySchema>;

export const TransferOwnershipBodySchema = z.object({ user_id: z.uuid('user_id must be a user id') });
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBodySchema>;

export const InvitationStatusSchema = z.enum(['pending', 'expired']);
export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: InvitableRoleSchema,
  status: InvitationStatusSchema,
  invited_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const ListInvitationsResponseSchema = listEnvelope(InvitationSchema);
export type ListInvitationsResponse = z.infer<typeof ListInvitationsResponseSchema>;
export const InvitationResponseSchema = z.object({ success: z.literal(true), invitation: InvitationSchema });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;
export const InvitationParamsSchema = z.object({ id: z.uuid('id must be an invitation id') });

export const CreateInvitationBodySchema = z.object({ email: EmailSchema, role: InvitableRoleSchema });
export type CreateInvitationBody = z.infer<typeof CreateInvitationBodySchema>;

/** What the link's page shows before the person accepts. */
export const InspectInvitationBodySchema = z.object({ token: LinkTokenSchema });
export const InvitationPreviewSchema = z.object({
  success: z.literal(true),
  organisation_name: z.string(),
  email: z.string(),
  role: InvitableRoleSchema,
  /** Whether the address already has an account: then the person signs in and accepts. */
  has_account: z.boolean(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptInvitationBodySchema = z.object({ token: LinkTokenSchema });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;
export const AcceptInvitationAsNewUserBodySchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });
export type AcceptInvitationAsNewUserBody = z.infer<typeof AcceptInvitationAsNewUserBodySchema>;
export const AcceptedInvitationSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  organisation_id: z.uuid(),
  organisation_name: z.string(),
  role: InvitableRoleSchema,
});
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

/** The organisations the signed-in person belongs to, for the header's switcher. */
export const MyOrganisationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: RoleSchema,
  /** The organisation of the session asking. */
  current: z.boolean(),
});
export type MyOrganisation = z.infer<typeof MyOrganisationSchema>;
export const ListMyOrganisationsResponseSchema = listEnvelope(MyOrganisationSchema);
export type ListMyOrganisationsResponse = z.infer<typeof ListMyOrganisationsResponseSchema>;
export const SwitchOrganisationBodySchema = z.object({
  organisation_id: z.uuid('organisation_id must be an organisation id'),
});
export type SwitchOrganisationBody = z.infer<typeof SwitchOrganisationBodySchema>;
