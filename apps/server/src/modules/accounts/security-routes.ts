import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmEmailChangeResponseSchema,
  DisableTwoFactorBodySchema,
  MessageResponseSchema,
  RecoveryCodesResponseSchema,
  SECURITY_MESSAGES,
  TotpCodeBodySchema,
  TwoFactorSetupBodySchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import type { SecurityService } from './security-service';
import { RATE_LIMITS } from './service';

const tags = ['auth'];
const signedInErrors = errorResponses(...BODY_ERRORS, 401, 403, 409, 429);

/** Two-factor sign-in and changing one's address, under /api/v1/auth (decision 037). */
export const securityRoutes: FastifyPluginAsyncZod<{ service: SecurityService }> = async (app, opts) => {
  const { service } = opts;
  const person = (request: FastifyRequest) => {
    const auth = sessionOf(request);
    return { userId: auth.userId, organisationId: auth.organisationId, email: auth.email, sessionId: auth.sessionId };
  };

  app.get(
    '/two-factor',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getTwoFactor',
        summary: 'Whether two-factor sign-in is on for the signed-in person, and who requires it',
        tags,
        security: BEARER,
        response: { 200: TwoFactorStatusResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await service.status(person(request))) };
    },
  );

  app.post(
    '/two-factor/setup',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'setUpTwoFactor',
        summary: 'Start setting up an authenticator app: a new secret and its QR code',
        description:
          'Nothing changes until a code from the app is sent to `/two-factor/enable`. 400 `INVALID_CREDENTIALS` for a wrong current password; 409 when two-factor sign-in is already on.',
        tags,
        security: BEARER,
        body: TwoFactorSetupBodySchema,
        response: { 200: TwoFactorSetupResponseSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.setUp(person(request), request.body.current_password);
    },
  );

  app.post(
    '/two-factor/enable',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'enableTwoFactor',
        summary: 'Turn two-factor sign-in on with a first code from the app; answers the recovery codes once',
        description: '400 `INVALID_CODE` for a wrong or expired code; 409 when nothing is being set up.',
        tags,
        security: BEARER,
        body: TotpCodeBodySchema,
        response: { 200: RecoveryCodesResponseSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const codes = await service.enable(person(request), request.body.code, request.ip);
      return { success: true as const, recovery_codes: codes };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'regenerateRecoveryCodes',
        summary: 'New recovery codes in place of the old ones, for a code from the app',
        description: '400 `INVALID_CODE` for a wrong, used or expired code (or when two-factor sign-in is off).',
        tags,
        security: BEARER,
        body: TotpCodeBodySchema,
        response: { 200: RecoveryCodesResponseSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const codes = await service.regenerateRecoveryCodes(person(request), request.body.code, request.ip);
      return { success: true as const, recovery_codes: codes };
    },
  );

  app.post(
    '/two-factor/disable',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'disableTwoFactor',
        summary: 'Turn two-factor sign-in off, with the password and a code (or a recovery code)',
        description:
          '400 `INVALID_CREDENTIALS` or `INVALID_CODE`; 409 while an organisation the person owns requires it.',
        tags,
        security: BEARER,
        body: DisableTwoFactorBodySchema,
        response: { 200: MessageResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.disable(person(request), request.body, request.ip);
      return { success: true as const, message: SECURITY_MESSAGES.twoFactorDisabled };
    },
  );

  app.post(
    '/email',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'requestEmailChange',
        summary: 'Change the signed-in person’s address: a link goes to the new one, which changes when it is opened',
        description:
          'The old address is told. Answers the same whether or not the new address has an account (its owner is told by email). 400 `INVALID_CREDENTIALS` for a wrong current password.',
        tags,
        security: BEARER,
        body: ChangeEmailBodySchema,
        response: { 200: MessageResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const email = await service.requestEmailChange(person(request), request.body);
      return { success: true as const, message: SECURITY_MESSAGES.emailChangeSent(email) };
    },
  );

  app.post(
    '/email/confirm',
    {
      schema: {
        operationId: 'confirmEmailChange',
        summary: 'Confirm a new address with the token from the emailed link',
        description:
          '400 `INVALID_LINK` or `LINK_EXPIRED` for a link that cannot be used; 409 when the address has since gone to another account.',
        tags,
        security: PUBLIC,
        body: ConfirmEmailChangeBodySchema,
        response: { 200: ConfirmEmailChangeResponseSchema, ...errorResponses(...BODY_ERRORS, 409, 429) },
      },
    },
    async (request) => {
      const email = await service.confirmEmailChange(request.body.token, request.ip, RATE_LIMITS.linkPerIp);
      return { success: true as const, message: SECURITY_MESSAGES.emailChanged(email), email };
    },
  );
};
