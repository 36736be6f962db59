import type { LiveRequestStatus } from '@giftrelay/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

function requests(tx: Tx) {
  return tx
    .selectFrom('live_requests as r')
    .innerJoin('organisations as o', 'o.id', 'r.organisation_id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select([
      'r.id',
      'r.organisation_id',
      'r.status',
      'r.company_name',
      'r.website',
      'r.use_case',
      'r.expected_monthly_volume',
      'u.email as requested_by_email',
      'r.created_at',
      'r.decided_at',
      'r.decision_note',
      'o.name as organisation_name',
      'o.created_at as organisation_created_at',
    ]);
}
export type LiveRequestRow = Awaited<ReturnType<ReturnType<typeof requests>['executeTakeFirstOrThrow']>>;

export async function organisationMode(tx: Tx, organisationId: string) {
  return tx
    .selectFrom('organisations')
    .select(['sandbox', 'live_since', 'name'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
}

export function latestRequest(tx: Tx, organisationId: string): Promise<LiveRequestRow | undefined> {
  return requests(tx)
    .where('r.organisation_id', '=', organisationId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRequest(tx: Tx, id: string): Promise<LiveRequestRow | undefined> {
  return requests(tx).where('r.id', '=', id).executeTakeFirst();
}

export function listRequests(tx: Tx, status: LiveRequestStatus | undefined): Promise<LiveRequestRow[]> {
  let query = requests(tx);
  if (status) query = query.where('r.status', '=', status);
  // The waiting queue oldest first (first come, first served); history newest first.
  return query
    .orderBy('r.created_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('r.id')
    .limit(200)
    .execute();
}

/** Orders each organisation sent in sandbox mode, for the operators' queue. */
export async function sandboxOrderCounts(tx: Tx, organisationIds: string[]): Promise<Map<string, number>> {
  if (!organisationIds.length) return new Map();
  const rows = await tx
    .selectFrom('orders')
    .select(['organisation_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('organisation_id', 'in', organisationIds)
    .where('sandbox', '=', true)
    .groupBy('organisation_id')
    .execute();
  return new Map(rows.map((r) => [r.organisation_id, Number(r.n)]));
}

export async function insertRequest(
  tx: Tx,
  row: {
    organisationId: string;
    userId: string;
    company_name: string;
    website: string;
    use_case: string;
    expected_monthly_volume: string;
  },
): Promise<string | null> {
  // One request waits at a time (live_requests_one_pending): a second is no row.
  const inserted = await tx
    .insertInto('live_requests')
    .values({
      organisation_id: row.organisationId,
      requested_by: row.userId,
      company_name: row.company_name,
      website: row.website,
      use_case: row.use_case,
      expected_monthly_volume: row.expected_monthly_volume,
    })
    .onConflict((oc) => oc.column('organisation_id').where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Ends a waiting request; false when it was no longer waiting (another decision came first). */
export async function decide(
  tx: Tx,
  id: string,
  outcome: { status: 'approved' | 'rejected' | 'withdrawn'; userId: string; note: string | null },
): Promise<boolean> {
  const res = await tx
    .updateTable('live_requests')
    .set({ status: outcome.status, decided_by: outcome.userId, decided_at: sql`now()`, decision_note: outcome.note })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Locks the organisation's row against another decision. NO KEY UPDATE, not UPDATE: an order
 * being inserted holds KEY SHARE on it (its foreign key) and must not wait on this.
 */
export function lockOrganisation(tx: Tx, organisationId: string) {
  return tx
    .selectFrom('organisations')
    .select(['sandbox', 'name'])
    .where('id', '=', organisationId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

/** Sandbox work not yet settled: orders and batches that would still move sandbox money. */
export async function unsettledSandboxWork(tx: Tx, organisationId: string) {
  const row = await tx
    .selectNoFrom((eb) => [
      eb
        .selectFrom('orders')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('status', 'in', ['pending', 'pending_approval', 'scheduled'])
        .as('orders'),
      eb
        .selectFrom('batches')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('status', 'in', ['pending_approval', 'accepting', 'sending'])
        .as('batches'),
      // A void asked of the provider and not yet settled refunds sandbox money when it is.
      eb
        .selectFrom('rewards')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('organisation_id', '=', organisationId)
        .where('void_state', '=', 'requested')
        .as('voids'),
    ])
    .executeTakeFirstOrThrow();
  return {
    orders: Number(row.orders ?? 0) + Number(row.voids ?? 0),
    batches: Number(row.batches ?? 0),
  };
}
