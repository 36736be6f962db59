import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  type AuditAction,
  type CreateWebhookEndpointBody,
  type EventType,
  listPage,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookEndpointBody,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookEndpoint,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { encryptSecret } from '../../lib/crypto';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit';
import * as repo from './repository';
import { hostOf, localTestingHint, parseEndpointUrl, resolveAllowed, UnsafeUrlError, type UrlPolicy } from './ssrf';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function presentEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  const overlap = row.previous_secret_expires_at && row.previous_secret_expires_at > new Date();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types as EventType[] | null,
    enabled: row.enabled,
    failing_since: row.enabled && row.failing_since ? row.failing_since.toISOString() : null,
    disabled_at: row.enabled || !row.disabled_at ? null : row.disabled_at.toISOString(),
    disabled_reason: row.enabled ? null : row.disabled_reason,
    previous_secret_expires_at: overlap ? (row.previous_secret_expires_at as Date).toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What an organisation's webhooks may reach: https only in live mode, loopback only in a sandbox that may. */
export async function policyFor(app: FastifyInstance, organisationId: string): Promise<UrlPolicy> {
  const { sandbox } = await repo.organisationMode(app.db, organisationId);
  return policyForMode(app, sandbox);
}

/** The URL policy of a sandbox (or live) organisation, for a caller that read its mode already. */
export const policyForMode = (app: FastifyInstance, sandbox: boolean): UrlPolicy => ({
  liveMode: !sandbox,
  allowLoopback: sandbox && app.config.webhooksAllowPrivate,
});

/**
 * The URL as stored, or a 400 naming `body.url` and why. A name that resolves now is checked
 * address by address; one that does not resolve yet is accepted (every delivery checks again).
 */
async function checkedUrl(app: FastifyInstance, organisationId: string, raw: string): Promise<string> {
  const refuse = (why: string) => validationError(`body.url: ${why}`, [{ path: 'body.url', message: why }]);
  const policy = await policyFor(app, organisationId);
  let url: URL;
  try {
    url = parseEndpointUrl(raw, policy);
    const host = hostOf(url);
    if (!isIP(host)) await resolveAllowed(host, policy, app.webhooks.resolve);
  } catch (err) {
    if (err instanceof UnsafeUrlError)
      throw refuse(err.local ? `${err.message}. ${localTestingHint(policy)}` : err.message);
    return new URL(raw).href;
  }
  return url.href;
}

/** One line of the audit log for a change to an endpoint, in the change's transaction. */
const audit = (
  tx: Kysely<Database>,
  auth: AuthContext,
  action: AuditAction,
  row: { id: string; url: string },
  extra = {},
) =>
  recordAudit(tx, {
    organisationId: auth.organisationId,
    action,
    ...auditActor(auth),
    detail: { endpoint_id: row.id, url: row.url, ...extra },
  });

export async function createEndpoint(app: FastifyInstance, auth: AuthContext, body: CreateWebhookEndpointBody) {
  const { organisationId } = auth;
  const url = await checkedUrl(app, organisationId, body.url);
  if ((await repo.countEndpoints(app.db, organisationId)) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError('CONFLICT', `An organisation may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
  }
  const secret = newSecret();
  const row = await app.db.transaction().execute(async (tx) => {
    const inserted = await repo.insertEndpoint(tx, {
      organisationId,
      url,
      description: body.description,
      eventTypes: body.event_types,
      enabled: body.enabled,
      secretEncrypted: encryptSecret(app.secrets.rewardCodeKey, secret),
    });
    await audit(tx, auth, 'webhook_endpoint.created', inserted, { event_types: inserted.event_types });
    return inserted;
  });
  return { success: true as const, endpoint: presentEndpoint(row), secret };
}

export async function listEndpoints(app: FastifyInstance, organisationId: string) {
  const rows = await repo.listEndpoints(app.db, organisationId);
  return { success: true as const, ...listPage(rows.map(presentEndpoint), null) };
}

export async function getEndpoint(app: FastifyInstance, organisationId: string, id: string) {
  const row = await repo.findEndpoint(app.db, organisationId, id);
  if (!row) throw notFound('Webhook endpoint');
  return { success: true as const, endpoint: presentEndpoint(row) };
}

export async function updateEndpoint(
  app: FastifyInstance,
  auth: AuthContext,
  id: string,
  body: UpdateWebhookEndpointBody,
) {
  const url = body.url === undefined ? undefined : await checkedUrl(app, auth.organisationId, body.url);
  const change = {
    ...(url !== undefined && { url }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.event_types !== undefined && { event_types: body.event_types }),
    ...(body.enabled !== undefined && { enabled: body.enabled }),
  };
  const row = await app.db.transaction().execute(async (tx) => {
    const updated = await repo.updateEndpoint(tx, auth.organisationId, id, change);
    if (updated) await audit(tx, auth, 'webhook_endpoint.updated', updated, { changed: Object.keys(change) });
    return updated;
  });
  if (!row) throw notFound('Webhook endpoint');
  return { success: true as const, endpoint: presentEndpoint(row) };
}

export async function rotateEndpointSecret(app: FastifyInstance, auth: AuthContext, id: string) {
  const secret = newSecret();
  const row = await app.db.transaction().execute(async (tx) => {
    const rotated = await repo.rotateSecret(
      tx,
      auth.organisationId,
      id,
      encryptSecret(app.secrets.rewardCodeKey, secret),
      WEBHOOK_SECRET_OVERLAP_HOURS,
    );
    if (rotated) await audit(tx, auth, 'webhook_endpoint.secret_rotated', rotated);
    return rotated;
  });
  if (!row) throw notFound('Webhook endpoint');
  return { success: true as const, endpoint: presentEndpoint(row), secret };
}

export async function deleteEndpoint(app: FastifyInstance, auth: AuthContext, id: string) {
  const deleted = await app.db.transaction().execute(async (tx) => {
    const row = await repo.findEndpoint(tx, auth.organisationId, id);
    if (!row || !(await repo.deleteEndpoint(tx, auth.organisationId, id))) return false;
    await audit(tx, auth, 'webhook_endpoint.deleted', row);
    return true;
  });
  if (!deleted) throw notFound('Webhook endpoint');
  return { success: true as const, message: 'Webhook endpoint deleted' };
}
