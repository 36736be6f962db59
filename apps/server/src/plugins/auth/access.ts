import { type AccessLevel, type ApiKeyScope, accessOf, ROLES_FOR_LEVEL, type Role } from '@giftrelay/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { SessionAuth } from './credentials';

/** The session behind a request that only a signed-in user may make (a key never gets this far). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  if (request.auth.kind !== 'session') throw apiKeyRefused();
  return request.auth;
}

const apiKeyRefused = () => new AppError('FORBIDDEN', 'API keys cannot use this endpoint: it needs a signed-in user');
const ROLE_NAMES: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  sender: 'a sender',
  viewer: 'a viewer',
};
const roleRefused = (role: Role, allowed: readonly Role[]) =>
  new AppError('FORBIDDEN', `As ${ROLE_NAMES[role]} you cannot do this: it needs the role ${allowed.join(' or ')}`, [
    { path: 'role', message: `needs ${allowed.join(' or ')}` },
  ]);

/**
 * The roles a route allows, from its rule in OPERATION_ACCESS (packages/contracts, decision 032).
 * A route nobody wrote a rule for allows no one.
 */
export function rolesFor(request: FastifyRequest): readonly Role[] {
  const level: AccessLevel | undefined = accessOf(request.routeOptions.schema?.operationId);
  if (!level) return [];
  return level === 'public' ? ROLES_FOR_LEVEL.read : ROLES_FOR_LEVEL[level];
}

export const noRule = () => new AppError('FORBIDDEN', 'This endpoint has no role rule: nobody may call it');

/** Throws 403 FORBIDDEN unless the role may call the route. */
export function requireRole(role: Role, allowed: readonly Role[]) {
  if (allowed.length === 0) throw noRule();
  if (!allowed.includes(role)) throw roleRefused(role, allowed);
}

/** Throws 403 FORBIDDEN unless the API key has the scope the route needs (a route without one refuses keys). */
export function requireScope(request: FastifyRequest, scopes: readonly ApiKeyScope[]) {
  const needed = request.routeOptions.config.apiKeyScope;
  if (!needed) throw apiKeyRefused();
  if (!scopes.includes(needed)) throw new AppError('FORBIDDEN', `This API key lacks the ${needed} scope`);
}
