import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { CheckedLogo } from './logo-check';

type Tx = Kysely<Database> | Transaction<Database>;

export interface SettingsRow {
  id: string;
  name: string;
  sender_name: string | null;
  reply_to: string | null;
  brand_colour: string | null;
  default_message: string | null;
  billing_currency: string;
  low_balance_threshold_minor: string | null;
  owners_need_two_factor: boolean;
  reminder_after_days: number | null;
  void_unopened_after_days: number | null;
  reward_expiry_days: number | null;
  logo_id: string | null;
  logo_media_type: 'image/png' | 'image/svg+xml' | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_size: number | null;
  logo_sha256: string | null;
}

/** The organisation's settings with its logo's facts (never its bytes); `lock` holds the row for an update. */
export async function findSettings(tx: Tx, organisationId: string, lock = false): Promise<SettingsRow | undefined> {
  if (lock) await tx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
  return tx
    .selectFrom('organisations as o')
    .leftJoin('organisation_logos as l', 'l.organisation_id', 'o.id')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.sender_name',
      'o.reply_to',
      'o.brand_colour',
      'o.default_message',
      'o.billing_currency',
      'o.low_balance_threshold_minor',
      'o.owners_need_two_factor',
      'o.reminder_after_days',
      'o.void_unopened_after_days',
      'o.reward_expiry_days',
      'l.id as logo_id',
      'l.media_type as logo_media_type',
      'l.width as logo_width',
      'l.height as logo_height',
      eb.fn<number | null>('octet_length', ['l.content']).as('logo_size'),
      'l.sha256 as logo_sha256',
    ])
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
}

export interface SettingsChange {
  name?: string;
  sender_name?: string | null;
  reply_to?: string | null;
  brand_colour?: string | null;
  default_message?: string | null;
  low_balance_threshold_minor?: number | null;
  owners_need_two_factor?: boolean;
  reminder_after_days?: number | null;
  void_unopened_after_days?: number | null;
  reward_expiry_days?: number | null;
}

export async function updateSettings(tx: Tx, organisationId: string, change: SettingsChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await tx.updateTable('organisations').set(change).where('id', '=', organisationId).execute();
}

/** Puts `logo` in place of the organisation's logo, under a new id (so a new URL). */
export async function replaceLogo(tx: Tx, organisationId: string, logo: CheckedLogo): Promise<string> {
  await tx.deleteFrom('organisation_logos').where('organisation_id', '=', organisationId).execute();
  const row = await tx
    .insertInto('organisation_logos')
    .values({
      organisation_id: organisationId,
      media_type: logo.mediaType,
      content: logo.content,
      sha256: logo.sha256,
      width: logo.width,
      height: logo.height,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteLogo(tx: Tx, organisationId: string): Promise<void> {
  await tx.deleteFrom('organisation_logos').where('organisation_id', '=', organisationId).execute();
}

export function findLogo(tx: Tx, id: string) {
  return tx
    .selectFrom('organisation_logos')
    .select(['media_type', 'content', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface Branding {
  name: string;
  sender_name: string | null;
  reply_to: string | null;
  brand_colour: string | null;
  logo_id: string | null;
}

/**
 * What a recipient sees of the sender. Read fresh for every email and claim page (one indexed
 * lookup), so a change shows on the very next one, on every process.
 */
export function findBranding(tx: Tx, organisationId: string): Promise<Branding> {
  return tx
    .selectFrom('organisations as o')
    .leftJoin('organisation_logos as l', 'l.organisation_id', 'o.id')
    .select(['o.name', 'o.sender_name', 'o.reply_to', 'o.brand_colour', 'l.id as logo_id'])
    .where('o.id', '=', organisationId)
    .executeTakeFirstOrThrow();
}

/** The organisation goes live (decision 045): its mode flips once, in the approval's transaction. */
export async function setLive(tx: Tx, organisationId: string): Promise<void> {
  await tx
    .updateTable('organisations')
    .set({ sandbox: false, live_since: sql`now()` })
    .where('id', '=', organisationId)
    .execute();
}
