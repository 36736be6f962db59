import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Tx = Kysely<Database> | Transaction<Database>;

/** The live organisations: the only ones a transfer can be for (their references are computed). */
export function liveOrganisations(tx: Tx) {
  return tx.selectFrom('organisations').select(['id', 'name']).where('sandbox', '=', false).execute();
}

export async function findByBankReference(tx: Tx, bankReference: string) {
  return tx
    .selectFrom('bank_transfers')
    .select(['id', 'organisation_id'])
    .where('bank_reference', '=', bankReference)
    .executeTakeFirst();
}

/** Claims the bank's reference; null when another recording has it already. */
export async function insertTransfer(
  tx: Tx,
  row: {
    organisationId: string;
    amountMinor: number;
    currency: string;
    bankReference: string;
    receivedOn: string;
    note: string | null;
    recordedBy: string;
    creditEntryId: string;
  },
): Promise<string | null> {
  const inserted = await tx
    .insertInto('bank_transfers')
    .values({
      organisation_id: row.organisationId,
      amount_minor: row.amountMinor,
      currency: row.currency,
      bank_reference: row.bankReference,
      received_on: sql<string>`${row.receivedOn}::date`,
      note: row.note,
      recorded_by: row.recordedBy,
      credit_entry_id: row.creditEntryId,
    })
    .onConflict((oc) => oc.column('bank_reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

function transfers(tx: Tx) {
  return tx
    .selectFrom('bank_transfers as b')
    .innerJoin('organisations as o', 'o.id', 'b.organisation_id')
    .leftJoin('users as u', 'u.id', 'b.recorded_by')
    .select([
      'b.id',
      'b.organisation_id',
      'o.name as organisation_name',
      'b.amount_minor',
      'b.currency',
      'b.bank_reference',
      sql<string>`to_char(b.received_on, 'YYYY-MM-DD')`.as('received_on'),
      'b.note',
      'u.email as recorded_by_email',
      'b.created_at',
    ]);
}
export type TransferRow = Awaited<ReturnType<ReturnType<typeof transfers>['executeTakeFirstOrThrow']>>;

export const findTransfer = (tx: Tx, id: string) => transfers(tx).where('b.id', '=', id).executeTakeFirstOrThrow();

export const recentTransfers = (tx: Tx, limit: number) =>
  transfers(tx).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
