import { randomUUID } from 'node:crypto';
import {
  API_KEY_EXPIRY_MAX_DAYS,
  API_KEYS_ACTIVE_MAX,
  type ApiKey,
  type CreateApiKeyBody,
  type CreateApiKeyResponse,
  type ListApiKeysQuery,
  listPage,
  resolveScopes,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newApiKey } from '../../lib/api-key-secret';
import { createdAtListing, paginate } from '../../lib/cursor';
import { AppError, validationError } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { apiKeyBudgets } from '../spend-limits';
import * as repo from './repository';

const LISTING = createdAtListing('api-keys');
const DAY_MS = 86_400_000;

export function presentKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: `gr_${row.mode}_`,
    last_four: row.last_four,
    scopes: row.scopes,
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by && row.created_by_email ? { id: row.created_by, email: row.created_by_email } : null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    creator_left: row.creator_left,
  };
}

/**
 * Issues a key for the user's organisation: `gr_test_` in a sandbox one. The answer carries the
 * key this once; the database keeps its hash and last four characters (decision 026).
 */
export async function createKey(
  app: FastifyInstance,
  user: SessionAuth,
  body: CreateApiKeyBody,
): Promise<CreateApiKeyResponse> {
  const now = new Date();
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && (expiresAt <= now || expiresAt.getTime() - now.getTime() > API_KEY_EXPIRY_MAX_DAYS * DAY_MS)) {
    const message = `must be in the future and at most ${API_KEY_EXPIRY_MAX_DAYS} days away`;
    throw validationError(`body.expires_at: ${message}`, [{ path: 'body.expires_at', message }]);
  }
  const scopes = resolveScopes(body.scopes);
  return app.db.transaction().execute(async (trx) => {
    // Serialises creations per organisation, so the cap holds under concurrency.
    await trx.selectFrom('organisations').select('id').where('id', '=', user.organisationId).forUpdate().execute();
    if ((await repo.countActiveKeys(trx, user.organisationId)) >= API_KEYS_ACTIVE_MAX) {
      throw new AppError(
        'CONFLICT',
        `An organisation can hold ${API_KEYS_ACTIVE_MAX} active API keys; revoke one you no longer use`,
      );
    }
    const mode = (await repo.isSandbox(trx, user.organisationId)) ? 'test' : 'live';
    const secret = newApiKey(mode);
    const id = randomUUID();
    await repo.insertKey(trx, {
      id,
      organisationId: user.organisationId,
      name: body.name,
      mode,
      hash: secret.hash,
      lastFour: secret.lastFour,
      scopes,
      expiresAt,
      createdAt: now,
      createdBy: user.userId,
    });
    await recordAudit(trx, {
      organisationId: user.organisationId,
      action: 'api_key.created',
      userId: user.userId,
      apiKeyId: id,
      detail: { name: body.name, scopes: scopes.join(' '), expires_at: expiresAt?.toISOString() ?? null },
    });
    const row = await repo.findKey(trx, user.organisationId, id);
    if (!row) throw new Error('the new API key was not found');
    return { success: true as const, ...presentKey(row), key: secret.key };
  });
}

export async function listKeys(app: FastifyInstance, organisationId: string, q: ListApiKeysQuery) {
  const { page, nextCursor } = await paginate(app.cursors, LISTING, q, ({ after, limit }) =>
    repo.listKeys(app.db, { organisationId, limit, after }),
  );
  // Each key's monthly budget where it has one (decision 090), as members' answers carry theirs.
  const budgets = await apiKeyBudgets(
    app.db,
    organisationId,
    page.map((k) => k.id),
  );
  return {
    success: true as const,
    ...listPage(
      page.map((k) => ({ ...presentKey(k), budget: budgets.get(k.id) ?? null })),
      nextCursor,
    ),
  };
}

/**
 * Revokes a key of the user's organisation: every process refuses it from the next request on
 * (each checks revocation in the database). Revoking a revoked key answers it again; another
 * organisation's key is 404 like an unknown one.
 */
export async function revokeKey(app: FastifyInstance, user: SessionAuth, id: string): Promise<ApiKey> {
  return app.db.transaction().execute(async (trx) => {
    if (await repo.revokeKey(trx, user.organisationId, id, user.userId)) {
      await recordAudit(trx, {
        organisationId: user.organisationId,
        action: 'api_key.revoked',
        userId: user.userId,
        apiKeyId: id,
        detail: {},
      });
    }
    const row = await repo.findKey(trx, user.organisationId, id);
    if (!row) throw new AppError('NOT_FOUND', 'API key not found');
    return presentKey(row);
  });
}

/**
 * Revokes the keys a member being removed created (decision 063), in the removal's transaction,
 * with an audit line per key; answers how many. Expired keys are revoked too: nothing about them
 * should outlive the member.
 */
export async function revokeKeysOfRemovedMember(
  trx: Transaction<Database>,
  by: SessionAuth,
  memberId: string,
): Promise<number> {
  const ids = await repo.revokeKeysCreatedBy(trx, by.organisationId, memberId, by.userId);
  for (const id of ids) {
    await recordAudit(trx, {
      organisationId: by.organisationId,
      action: 'api_key.revoked',
      userId: by.userId,
      apiKeyId: id,
      detail: { reason: 'creator_removed', user_id: memberId },
    });
  }
  return ids.length;
}
