import type { GrantOperatorBody, ListOperatorsResponse } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/** The answer to anyone who is not an operator: the very 404 of a route that does not exist. */
const noSuchRoute = (request: FastifyRequest) =>
  new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0] ?? '/'}`);

/**
 * The preHandler of every operator route (decision 041): a signed-in person who is an operator
 * goes on; anyone else (signed out, an API key, a customer) is answered 404, never 401 or 403,
 * so the studio gives no hint that it exists.
 */
export async function requireOperator(app: FastifyInstance, request: FastifyRequest) {
  try {
    await app.authenticate(request);
  } catch (err) {
    // A refused credential is "no such route"; a rate limit or a failure of ours stays what it is.
    if (err instanceof AppError && (err.statusCode === 401 || err.statusCode === 403)) throw noSuchRoute(request);
    throw err;
  }
  const auth = request.auth;
  if (auth.kind !== 'session' || !auth.userId) throw noSuchRoute(request);
  if (!(await repo.isOperator(app.db, auth.userId, app.config.operatorEmails))) throw noSuchRoute(request);
}

/**
 * Whether the request comes from a signed-in operator, for an answer that only adds to what
 * anyone gets (the whole OpenAPI document, health details). Asked of `GET /api/v1/operator` with
 * the request's credential: the routes calling this have no rule of their own in OPERATION_ACCESS
 * for `app.authenticate` to check.
 */
export async function isOperatorRequest(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const authorization = request.headers.authorization;
  if (!authorization) return false;
  try {
    const res = await app.inject({
      url: '/api/v1/operator',
      headers: { authorization },
      remoteAddress: request.ip,
    });
    return res.statusCode === 200;
  } catch {
    // The public answer, never a 500: operators get more only when the check answers.
    return false;
  }
}

/** The `onRequest` hook of a route for operators only (requireOperator bound to the app). */
export const operatorGuard = (app: FastifyInstance) => (request: FastifyRequest) => requireOperator(app, request);

export async function listOperators(app: FastifyInstance): Promise<ListOperatorsResponse> {
  const rows = await repo.listOperators(app.db, app.config.operatorEmails);
  return {
    success: true,
    operators: rows.map((r) => ({
      user_id: r.user_id,
      email: r.email,
      name: r.name,
      source: r.granted ? 'granted' : 'config',
      granted_at: r.granted_at?.toISOString() ?? null,
      granted_by_email: r.granted_by_email,
    })),
  };
}

/** Makes a verified account an operator; 404 for an address with no verified account. */
export async function grantOperator(app: FastifyInstance, byUserId: string, body: GrantOperatorBody) {
  const user = await repo.findVerifiedUser(app.db, body.email);
  if (!user) {
    throw new AppError('NOT_FOUND', 'No verified account has this address: they must sign up and verify it first', [
      { path: 'body.email', message: 'no verified account has this address' },
    ]);
  }
  await repo.grant(app.db, user.id, byUserId);
  return listOperators(app);
}

/** Takes it back; the last operator stays (409), and OPERATOR_EMAILS is not revoked here. */
export async function revokeOperator(app: FastifyInstance, userId: string) {
  const outcome = await app.db.transaction().execute((tx) => repo.revoke(tx, userId, app.config.operatorEmails));
  if (outcome === 'last') {
    throw new AppError('CONFLICT', 'This is the last operator: grant it to someone else first');
  }
  if (outcome === 'not_granted') {
    const named = (await repo.listOperators(app.db, app.config.operatorEmails)).some((o) => o.user_id === userId);
    if (named) throw new AppError('CONFLICT', 'OPERATOR_EMAILS names this account: change the configuration instead');
    throw new AppError('NOT_FOUND', 'This account is not an operator');
  }
  return listOperators(app);
}
