import type { AuditAction, AuditEventsFilter } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

export interface AuditRow {
  id: string;
  action: AuditAction;
  created_at: Date;
  detail: Record<string, unknown>;
  actor_user_id: string | null;
  actor_email: string | null;
  api_key_id: string | null;
  api_key_name: string | null;
  api_key_last_four: string | null;
}

/**
 * The organisation's audit lines matching `filter`, newest first, keyset-paginated on
 * (created_at, id): times are kept to the millisecond (migration 0075), as the cursor carries them.
 */
export function listAuditEvents(
  tx: Tx,
  organisationId: string,
  filter: AuditEventsFilter,
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<AuditRow[]> {
  let query = tx
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('api_keys as k', 'k.id', 'a.api_key_id')
    .select([
      'a.id',
      'a.action',
      'a.created_at',
      'a.detail',
      'a.actor_user_id',
      'u.email as actor_email',
      'a.api_key_id',
      'k.name as api_key_name',
      'k.last_four as api_key_last_four',
    ])
    .where('a.organisation_id', '=', organisationId);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.area) query = query.where(sql<string>`split_part(a.action, '.', 1)`, '=', filter.area);
  if (filter.actor_id) query = query.where('a.actor_user_id', '=', filter.actor_id);
  if (filter.actor_email) query = query.where('u.email', '=', filter.actor_email);
  if (filter.created_after) query = query.where('a.created_at', '>', filter.created_after);
  if (filter.created_before) query = query.where('a.created_at', '<', filter.created_before);
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where((eb) =>
      eb.or([eb('a.created_at', '<', createdAt), eb.and([eb('a.created_at', '=', createdAt), eb('a.id', '<', id)])]),
    );
  }
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).execute() as Promise<
    AuditRow[]
  >;
}
