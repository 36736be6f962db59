import {
  AcceptedInvitationSchema,
  AcceptInvitationAsNewUserBodySchema,
  AcceptInvitationBodySchema,
  CreateInvitationBodySchema,
  InspectInvitationBodySchema,
  InvitationParamsSchema,
  InvitationPreviewSchema,
  InvitationResponseSchema,
  ListInvitationsResponseSchema,
  ListMembersResponseSchema,
  MemberParamsSchema,
  MemberResponseSchema,
  MessageResponseSchema,
  RemoveMemberQuerySchema,
  RemoveMemberResponseSchema,
  TransferOwnershipBodySchema,
  UpdateMemberRoleBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import * as service from './service';

// No `apiKeyScope` anywhere: members are managed by people (a key answers 403). Who may call
// each route is its rule in OPERATION_ACCESS (packages/contracts/src/permissions.ts).
const tags = ['members'];
const read = errorResponses(401, 403, 429);
const write = errorResponses(...BODY_ERRORS, 401, 403, 404, 409, 429);
const list = <T>(data: T[]) => ({ success: true as const, data, has_more: false, next_cursor: null });

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listMembers',
        summary: 'The organisation’s members and their roles (owners and admins)',
        description: 'Every member, owners first, up to 500 (the most an organisation may have).',
        tags,
        security: BEARER,
        response: { 200: ListMembersResponseSchema, ...read },
      },
    },
    async (request) => list(await service.listMembers(app, sessionOf(request))),
  );

  app.patch(
    '/members/:user_id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'updateMemberRole',
        summary: 'Give a member another role',
        description:
          'Only an owner changes an owner’s role or makes someone owner (403). 409 `CONFLICT` when it would leave the organisation without an owner.',
        tags,
        security: BEARER,
        params: MemberParamsSchema,
        body: UpdateMemberRoleBodySchema,
        response: { 200: MemberResponseSchema, ...write },
      },
    },
    async (request) => ({
      success: true as const,
      member: await service.updateRole(app, sessionOf(request), request.params.user_id, request.body.role),
    }),
  );

  app.delete(
    '/members/:user_id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'removeMember',
        summary: 'Remove a member; their sessions in this organisation end at once',
        description:
          'Only an owner removes an owner (403). 409 `CONFLICT` when it would leave the organisation without an owner. The API keys the member created are revoked with them unless `revoke_api_keys=false`; the answer says how many were.',
        tags,
        security: BEARER,
        params: MemberParamsSchema,
        querystring: RemoveMemberQuerySchema,
        response: { 200: RemoveMemberResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const revoked = await service.removeMember(
        app,
        sessionOf(request),
        request.params.user_id,
        request.query.revoke_api_keys ?? true,
      );
      return { success: true as const, message: 'Member removed', api_keys_revoked: revoked };
    },
  );

  app.post(
    '/members/transfer-ownership',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'transferOwnership',
        summary: 'Make another member owner; the calling owner becomes an admin',
        tags,
        security: BEARER,
        body: TransferOwnershipBodySchema,
        response: { 200: ListMembersResponseSchema, ...write },
      },
    },
    async (request) => list(await service.transferOwnership(app, sessionOf(request), request.body.user_id)),
  );

  app.get(
    '/invitations',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listInvitations',
        summary: 'Invitations not yet accepted or revoked, newest first (expired ones too, to resend)',
        tags,
        security: BEARER,
        response: { 200: ListInvitationsResponseSchema, ...read },
      },
    },
    async (request) => list(await service.listInvitations(app, sessionOf(request))),
  );

  app.post(
    '/invitations',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'createInvitation',
        summary: 'Invite someone by email with a role; the link works for 7 days',
        description:
          'An open invitation for the same address is replaced. 409 `CONFLICT` for an address that is already a member, or past 500 members and open invitations.',
        tags,
        security: BEARER,
        body: CreateInvitationBodySchema,
        response: { 201: InvitationResponseSchema, ...write },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        invitation: await service.createInvitation(app, sessionOf(request), request.body),
      };
    },
  );

  app.post(
    '/invitations/:id/resend',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'resendInvitation',
        summary: 'Email the invitation again with a new link (the old one stops working) and 7 more days',
        tags,
        security: BEARER,
        params: InvitationParamsSchema,
        response: { 200: InvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      invitation: await service.resendInvitation(app, sessionOf(request), request.params.id),
    }),
  );

  app.delete(
    '/invitations/:id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'revokeInvitation',
        summary: 'Revoke an invitation: its link stops working',
        tags,
        security: BEARER,
        params: InvitationParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await service.revokeInvitation(app, sessionOf(request), request.params.id);
      return { success: true as const, message: 'Invitation revoked' };
    },
  );

  const linkErrors = '400 `INVALID_LINK` for a link revoked, replaced or used, `LINK_EXPIRED` after 7 days.';
  app.post(
    '/invitations/inspect',
    {
      schema: {
        operationId: 'inspectInvitation',
        summary: 'What an invitation link offers: organisation, address and role',
        description: linkErrors,
        tags,
        security: PUBLIC,
        body: InspectInvitationBodySchema,
        response: { 200: InvitationPreviewSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
    },
    async (request) => service.inspectInvitation(app, request.body.token, request.ip),
  );

  app.post(
    '/invitations/accept-new',
    {
      schema: {
        operationId: 'acceptInvitationAsNewUser',
        summary: 'Accept an invitation as a new person: choose a password and join (then sign in)',
        description: `${linkErrors} \`WEAK_PASSWORD\` for a common password; 409 \`CONFLICT\` when the address already has an account (sign in and accept instead).`,
        tags,
        security: PUBLIC,
        body: AcceptInvitationAsNewUserBodySchema,
        response: { 200: AcceptedInvitationSchema, ...errorResponses(...BODY_ERRORS, 409, 429) },
      },
    },
    async (request) => service.acceptAsNewUser(app, request.body, request.ip),
  );

  app.post(
    '/invitations/accept',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation to the signed-in person’s address; switch to the organisation next',
        description: `${linkErrors} 403 when the invitation is for another address; 409 when already a member.`,
        tags,
        security: BEARER,
        body: AcceptInvitationBodySchema,
        response: { 200: AcceptedInvitationSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429) },
      },
    },
    async (request) => service.accept(app, sessionOf(request), request.body.token, request.ip),
  );
};
