import cookie from '@fastify/cookie';
import {
  AUTH_MESSAGES,
  ChangePasswordBodySchema,
  EmailBodySchema,
  ErrorBodySchema,
  MessageResponseSchema,
  PasswordGrantSchema,
  RefreshGrantSchema,
  ResetPasswordBodySchema,
  SESSION_COOKIE_HEADER,
  SessionSchema,
  SignUpBodySchema,
  TokenBodySchema,
  TokenQuerySchema,
  UserResponseSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validationError } from '../../lib/errors';
import { type AccountsService, type IssuedSession, SESSION_IDLE_SECONDS } from './service';

const REFRESH_COOKIE = 'gr_refresh';
const COOKIE_PATH = '/api/v1/auth';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };
const tags = ['auth'];

/** The token endpoint takes either grant's fields; this checks the ones its grant needs. */
function parseGrant<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message }));
  const first = details[0];
  throw validationError(first ? `${first.path}: ${first.message}` : 'Invalid request', details);
}

export const accountsRoutes: FastifyPluginAsyncZod<{ service: AccountsService; secureCookies: boolean }> = async (
  app,
  opts,
) => {
  const { service } = opts;
  // Scoped to these routes: the refresh cookie is the only cookie the API reads.
  await app.register(cookie);

  const wantsCookie = (request: FastifyRequest) => request.headers[SESSION_COOKIE_HEADER] === '1';
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });

  const sessionBody = (reply: FastifyReply, issued: IssuedSession, asCookie: boolean) => {
    if (asCookie) {
      reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
        maxAge: SESSION_IDLE_SECONDS,
      });
    }
    reply.header('cache-control', 'no-store');
    return {
      success: true as const,
      access_token: issued.accessToken,
      refresh_token: asCookie ? '' : issued.refreshToken,
      expires_in: issued.expiresIn,
      expires_at: issued.expiresAt,
      token_type: 'bearer' as const,
      user: issued.user,
    };
  };

  app.post(
    '/signup',
    {
      schema: {
        summary: 'Create an account and its organisation; a verification link is emailed',
        description: 'Answers the same for an address that already has an account, which is told so by email.',
        tags,
        body: SignUpBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.signUp(request.body, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.signedUp };
    },
  );

  app.post(
    '/token',
    {
      schema: {
        summary: 'Sign in (grant_type=password) or rotate a refresh token (grant_type=refresh_token)',
        description: `With the header \`${SESSION_COOKIE_HEADER}: 1\` the refresh token travels in an httpOnly cookie instead of the body.`,
        tags,
        querystring: TokenQuerySchema,
        body: TokenBodySchema.optional(),
        response: { 200: SessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const asCookie = wantsCookie(request);
      if (request.query.grant_type === 'password') {
        const credentials = parseGrant(PasswordGrantSchema, request.body);
        return sessionBody(reply, await service.signIn(credentials, request.ip), asCookie);
      }
      const grant = parseGrant(RefreshGrantSchema, request.body);
      const token = grant.refresh_token ?? (asCookie ? request.cookies[REFRESH_COOKIE] : undefined);
      if (!token)
        throw validationError('body.refresh_token: Required', [{ path: 'body.refresh_token', message: 'Required' }]);
      try {
        return sessionBody(reply, await service.refresh(token), asCookie);
      } catch (err) {
        if (asCookie) clearCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/logout',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'End the session: its access and refresh tokens stop working',
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: MessageResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.logout(request.auth.sessionId);
      clearCookie(reply);
      return { success: true as const, message: 'Signed out' };
    },
  );

  app.get(
    '/user',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'The signed-in user, with their organisation and role',
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: UserResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      user: await service.getUser(request.auth.userId, request.auth.organisationId),
    }),
  );

  app.post(
    '/verify',
    {
      schema: {
        summary: 'Verify an email address with the token from the emailed link',
        tags,
        body: VerifyEmailBodySchema,
        response: { 200: VerifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = await service.verifyEmail(request.body.token, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.verified, email };
    },
  );

  app.post(
    '/resend',
    {
      schema: {
        summary: 'Email a new verification link to an unverified account',
        tags,
        body: EmailBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.resendVerification(request.body.email, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.resent };
    },
  );

  app.post(
    '/recover',
    {
      schema: {
        summary: 'Email a link to reset the password (same answer whether or not the address has an account)',
        tags,
        body: EmailBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.recover };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        summary: 'Set a new password with the token from the emailed link; ends every session',
        tags,
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(request.body, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/password',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Change the password of the signed-in user; ends their other sessions',
        tags,
        security: [{ bearerAuth: [] }],
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.changePassword(request.auth, request.body);
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged };
    },
  );
};
