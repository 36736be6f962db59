import cookie from '@fastify/cookie';
import {
  AUTH_MESSAGES,
  ChangePasswordBodySchema,
  EmailBodySchema,
  ListMyOrganisationsResponseSchema,
  ListSessionsResponseSchema,
  MessageResponseSchema,
  PasswordGrantSchema,
  RefreshGrantSchema,
  ResetPasswordBodySchema,
  RevokeOtherSessionsResponseSchema,
  SESSION_COOKIE_HEADER,
  SessionIdParamsSchema,
  SessionSchema,
  SignUpBodySchema,
  SwitchOrganisationBodySchema,
  TokenBodySchema,
  TokenQuerySchema,
  TwoFactorChallengeSchema,
  TwoFactorGrantSchema,
  UpdateProfileBodySchema,
  UserResponseSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../lib/errors';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { keptUserAgent } from './device';
import { VERIFY_LINK_HOURS } from './emails';
import {
  type AccountsService,
  EmailNotConfirmedError,
  type IssuedSession,
  SESSION_IDLE_SECONDS,
  type TwoFactorPending,
} from './service';

const REFRESH_COOKIE = 'gr_refresh';
/** The sign-up browser proof (decision 054): read by /verify only, for as long as a verification link lasts. */
const SIGNUP_COOKIE = 'gr_signup';
const COOKIE_PATH = '/api/v1/auth';

// Every route with a body; every one of them is rate-limited (per address or per account).
const errors = errorResponses(...BODY_ERRORS, 429);
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
  // Scoped to these routes: the refresh and sign-up cookies are the only cookies the API reads.
  await app.register(cookie);

  const wantsCookie = (request: FastifyRequest) => request.headers[SESSION_COOKIE_HEADER] === '1';
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
  /** This browser signed up (or gave the password since): its verification link needs no new password. */
  const setSignUpCookie = (reply: FastifyReply, proof: string) =>
    reply.setCookie(SIGNUP_COOKIE, proof, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookies,
      maxAge: VERIFY_LINK_HOURS * 3600,
    });

  /** The session's answer; the refresh token goes into the httpOnly cookie when the browser asks. */
  const sessionFields = (reply: FastifyReply, issued: IssuedSession, asCookie: boolean) => {
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
      access_token: issued.accessToken,
      refresh_token: asCookie ? '' : issued.refreshToken,
      expires_in: issued.expiresIn,
      expires_at: issued.expiresAt,
      token_type: 'bearer' as const,
      user: issued.user,
      first_sign_in: issued.firstSignIn,
    };
  };
  const sessionBody = (reply: FastifyReply, issued: IssuedSession, asCookie: boolean) => ({
    success: true as const,
    ...sessionFields(reply, issued, asCookie),
  });

  const challengeBody = (reply: FastifyReply, pending: TwoFactorPending) => {
    reply.header('cache-control', 'no-store');
    return {
      success: true as const,
      two_factor_required: true as const,
      two_factor_token: pending.twoFactorToken,
      expires_in: pending.expiresIn,
    };
  };

  app.post(
    '/signup',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Create an account and its organisation; a verification link is emailed',
        description:
          'Answers the same for an address that already has an account, which is told so by email. Sets the httpOnly cookie `gr_signup`: the browser that signed up verifies its link with one click, anywhere else the link asks for the password (see verifyEmail). 400 `WEAK_PASSWORD` for a common password.',
        tags,
        security: PUBLIC,
        body: SignUpBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      setSignUpCookie(reply, await service.signUp(request.body, request.ip));
      return { success: true as const, message: AUTH_MESSAGES.signedUp };
    },
  );

  app.post(
    '/token',
    {
      schema: {
        operationId: 'createSession',
        summary:
          'Sign in (grant_type=password, then grant_type=two_factor when asked) or rotate a refresh token (grant_type=refresh_token)',
        description: `With the header \`${SESSION_COOKIE_HEADER}: 1\` the refresh token travels in an httpOnly cookie instead of the body. An account with two-factor sign-in answers a correct password with \`two_factor_required: true\` and a \`two_factor_token\`, to send back with grant_type=two_factor and the \`code\` from the authenticator app (or a recovery code). 400 \`INVALID_CREDENTIALS\` for a wrong address or password, \`INVALID_CODE\` for a wrong code; 403 \`EMAIL_NOT_CONFIRMED\` before the address is verified; 401 for a refresh token that is not valid, or a two-factor token that has expired or been used up.`,
        tags,
        security: PUBLIC,
        querystring: TokenQuerySchema,
        body: TokenBodySchema.optional(),
        response: { 200: z.union([SessionSchema, TwoFactorChallengeSchema]), ...errors, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const asCookie = wantsCookie(request);
      const userAgent = keptUserAgent(request.headers['user-agent']);
      if (request.query.grant_type === 'password') {
        const credentials = parseGrant(PasswordGrantSchema, request.body);
        try {
          const result = await service.signIn(credentials, request.ip, userAgent);
          return 'twoFactorToken' in result ? challengeBody(reply, result) : sessionBody(reply, result, asCookie);
        } catch (err) {
          // The right password for an unverified address: this browser may verify with one click.
          if (err instanceof EmailNotConfirmedError) setSignUpCookie(reply, err.signUpProof);
          throw err;
        }
      }
      if (request.query.grant_type === 'two_factor') {
        const grant = parseGrant(TwoFactorGrantSchema, request.body);
        return sessionBody(reply, await service.completeTwoFactorSignIn(grant, request.ip, userAgent), asCookie);
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
        operationId: 'signOut',
        summary: 'End the session: its access and refresh tokens stop working',
        tags,
        security: BEARER,
        response: { 200: MessageResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      await service.logout(sessionOf(request).sessionId);
      clearCookie(reply);
      return { success: true as const, message: 'Signed out' };
    },
  );

  app.get(
    '/user',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getCurrentUser',
        summary: 'The signed-in user, with their organisation and role',
        tags,
        security: BEARER,
        response: { 200: UserResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      user: await service.getUser(sessionOf(request).userId, request.auth.organisationId),
    }),
  );

  app.post(
    '/verify',
    {
      schema: {
        operationId: 'verifyEmail',
        summary: 'Verify an email address with the token from the emailed link; signs the person in',
        description: `Whoever opens the link decides the password: \`password\`, when given, becomes the account's password. Without it the sign-up's password stays, but only in the browser that signed up (its \`gr_signup\` cookie, also set by a sign-in refused with \`EMAIL_NOT_CONFIRMED\`), and never for an address that was signed up more than once before it was verified: otherwise 400 \`VALIDATION_ERROR\` naming \`body.password\`, and the link stays usable. Verifying ends every session and revokes every API key made before it. Answers a session like a sign-in's; with the header \`${SESSION_COOKIE_HEADER}: 1\` its refresh token travels in an httpOnly cookie. 400 \`INVALID_LINK\` or \`LINK_EXPIRED\` for a link that cannot be used, \`WEAK_PASSWORD\` for a common password.`,
        tags,
        security: PUBLIC,
        body: VerifyEmailBodySchema,
        response: { 200: VerifyEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, session } = await service.verifyEmail(
        request.body,
        request.ip,
        keptUserAgent(request.headers['user-agent']),
        request.cookies[SIGNUP_COOKIE],
      );
      reply.clearCookie(SIGNUP_COOKIE, { path: COOKIE_PATH });
      return {
        success: true as const,
        message: AUTH_MESSAGES.verified,
        email,
        session: sessionFields(reply, session, wantsCookie(request)),
      };
    },
  );

  app.post(
    '/resend',
    {
      schema: {
        operationId: 'resendVerificationEmail',
        summary: 'Email a new verification link to an unverified account',
        tags,
        security: PUBLIC,
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
        operationId: 'requestPasswordReset',
        summary: 'Email a link to reset the password (same answer whether or not the address has an account)',
        tags,
        security: PUBLIC,
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
        operationId: 'resetPassword',
        summary: 'Set a new password with the token from the emailed link; ends every session',
        description: '400 `INVALID_LINK`, `LINK_EXPIRED` or `WEAK_PASSWORD`.',
        tags,
        security: PUBLIC,
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
        operationId: 'changePassword',
        summary: 'Change the password of the signed-in user; ends their other sessions',
        description: '400 `INVALID_CREDENTIALS` when the current password is wrong, `WEAK_PASSWORD` for a common one.',
        tags,
        security: BEARER,
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await service.changePassword(sessionOf(request), request.body);
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/organisations',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listMyOrganisations',
        summary: 'The organisations the signed-in user belongs to, with their role in each',
        tags,
        security: BEARER,
        response: { 200: ListMyOrganisationsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const data = await service.listOrganisations(sessionOf(request));
      return { success: true as const, data, has_more: false, next_cursor: null };
    },
  );

  app.post(
    '/switch',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'switchOrganisation',
        summary: 'Start a session in another organisation of the user’s; the current session ends',
        description: `Answers a session like a sign-in's; with the header \`${SESSION_COOKIE_HEADER}: 1\` its refresh token travels in an httpOnly cookie. 404 \`NOT_FOUND\` for an organisation the user does not belong to.`,
        tags,
        security: BEARER,
        body: SwitchOrganisationBodySchema,
        response: { 200: SessionSchema, ...errors, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const issued = await service.switchOrganisation(sessionOf(request), request.body.organisation_id, {
        ip: request.ip,
        userAgent: keptUserAgent(request.headers['user-agent']),
      });
      return sessionBody(reply, issued, wantsCookie(request));
    },
  );

  app.patch(
    '/user',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'updateProfile',
        summary: 'Change the signed-in person’s name',
        tags,
        security: BEARER,
        body: UpdateProfileBodySchema,
        response: { 200: UserResponseSchema, ...errors, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      user: await service.updateProfile(sessionOf(request), request.body),
    }),
  );

  app.get(
    '/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listSessions',
        summary: 'Where the signed-in person is signed in: every live session, in every organisation',
        tags,
        security: BEARER,
        response: { 200: ListSessionsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await service.listSessions(sessionOf(request));
      return { success: true as const, data, has_more: false, next_cursor: null };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'revokeSession',
        summary: 'End one of the signed-in person’s sessions (ending the current one signs out)',
        description: '404 `NOT_FOUND` for a session that has ended already or is someone else’s.',
        tags,
        security: BEARER,
        params: SessionIdParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = sessionOf(request);
      await service.revokeSession(auth, request.params.id);
      if (request.params.id === auth.sessionId) clearCookie(reply);
      return { success: true as const, message: 'Session ended' };
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'revokeOtherSessions',
        summary: 'End every session of the signed-in person’s but this one',
        tags,
        security: BEARER,
        response: { 200: RevokeOtherSessionsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      revoked: await service.revokeOtherSessions(sessionOf(request)),
    }),
  );
};
