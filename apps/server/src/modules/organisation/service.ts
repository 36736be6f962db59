import {
  canManageOrganisation,
  type OrganisationSettings,
  senderDisplayName,
  type UpdateOrganisationBody,
  type UploadLogoBody,
} from '@giftrelay/contracts';
import { toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import { ownersWithoutTwoFactor } from '../accounts';
import { recordAudit } from '../audit';
import { logoPath } from './branding';
import { checkLogo } from './logo-check';
import * as repo from './repository';

/**
 * Owners and admins change the settings (ORGANISATION_MANAGER_ROLES in the contracts); everyone
 * in the organisation reads them. The one check of this module, for the central role table to
 * take over.
 */
export function requireOrganisationManager(auth: SessionAuth, what: string) {
  if (!canManageOrganisation(auth.role)) throw new AppError('FORBIDDEN', `Only owners and admins can ${what}`);
}

function present(row: repo.SettingsRow, auth: SessionAuth): OrganisationSettings {
  const threshold = row.low_balance_threshold_minor === null ? null : Number(row.low_balance_threshold_minor);
  return {
    id: row.id,
    name: row.name,
    sender_name: row.sender_name,
    email_from_name: senderDisplayName(row.sender_name ?? row.name),
    reply_to: row.reply_to,
    brand_colour: row.brand_colour,
    logo:
      row.logo_id && row.logo_media_type
        ? {
            url: logoPath(row.logo_id),
            media_type: row.logo_media_type,
            width: row.logo_width ?? 0,
            height: row.logo_height ?? 0,
            size_bytes: Number(row.logo_size ?? 0),
          }
        : null,
    default_message: row.default_message,
    billing_currency: row.billing_currency,
    low_balance_threshold: threshold === null ? null : toMajor(threshold, row.billing_currency),
    low_balance_threshold_minor: threshold,
    owners_need_two_factor: row.owners_need_two_factor,
    reminder_after_days: row.reminder_after_days,
    void_unopened_after_days: row.void_unopened_after_days,
    reward_expiry_days: row.reward_expiry_days,
    can_edit: canManageOrganisation(auth.role),
  };
}

async function load(app: FastifyInstance, auth: SessionAuth) {
  const row = await repo.findSettings(app.db, auth.organisationId);
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  return { success: true as const, ...present(row, auth) };
}

export const getSettings = load;

/**
 * Changes what the body names and audits each change with its value before and after. A field
 * sent with its current value is no change; a body with no change writes nothing.
 */
export async function updateSettings(app: FastifyInstance, auth: SessionAuth, body: UpdateOrganisationBody) {
  requireOrganisationManager(auth, 'change the organisation’s settings');
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findSettings(trx, auth.organisationId, true);
    if (!before) throw new AppError('NOT_FOUND', 'Organisation not found');
    const wanted: repo.SettingsChange = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.sender_name !== undefined && { sender_name: body.sender_name }),
      ...(body.reply_to !== undefined && { reply_to: body.reply_to }),
      ...(body.brand_colour !== undefined && { brand_colour: body.brand_colour }),
      ...(body.default_message !== undefined && { default_message: body.default_message }),
      ...(body.low_balance_threshold_minor !== undefined && {
        low_balance_threshold_minor: body.low_balance_threshold_minor,
      }),
      ...(body.owners_need_two_factor !== undefined && { owners_need_two_factor: body.owners_need_two_factor }),
      ...(body.reminder_after_days !== undefined && { reminder_after_days: body.reminder_after_days }),
      ...(body.void_unopened_after_days !== undefined && { void_unopened_after_days: body.void_unopened_after_days }),
      ...(body.reward_expiry_days !== undefined && { reward_expiry_days: body.reward_expiry_days }),
    };
    const change: repo.SettingsChange = {};
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const [field, after] of Object.entries(wanted) as [keyof repo.SettingsChange, unknown][]) {
      const was = field === 'low_balance_threshold_minor' ? numberOrNull(before[field]) : before[field];
      if (was === after) continue;
      (change as Record<string, unknown>)[field] = after;
      changes[field] = { before: was, after };
    }
    if (Object.keys(change).length === 0) return;
    if (change.owners_need_two_factor !== undefined)
      await checkTwoFactorPolicy(trx, auth, change.owners_need_two_factor);
    await repo.updateSettings(trx, auth.organisationId, change);
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'organisation.updated',
      userId: auth.userId,
      detail: { changes },
    });
  });
  return load(app, auth);
}

/**
 * Owners alone decide whether owners need two-factor sign-in, and it can be required only once
 * every owner has it on: no owner is locked out, and the rule holds from the moment it is set
 * (members keep it true: nobody becomes owner without it, decision 037).
 */
async function checkTwoFactorPolicy(trx: Kysely<Database>, auth: SessionAuth, required: boolean) {
  if (auth.role !== 'owner') {
    throw new AppError('FORBIDDEN', 'Only an owner can change whether owners need two-factor sign-in');
  }
  if (!required) return;
  const missing = await ownersWithoutTwoFactor(trx, auth.organisationId);
  if (missing.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Every owner must turn on two-factor sign-in first (Settings → Profile & security): ${missing.join(', ')}`,
      [{ path: 'body.owners_need_two_factor', message: `owners without it: ${missing.join(', ')}` }],
    );
  }
}

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

const logoFacts = (row: repo.SettingsRow) =>
  row.logo_id
    ? { media_type: row.logo_media_type, width: row.logo_width, height: row.logo_height, sha256: row.logo_sha256 }
    : null;

/** Checks the file (logo-check.ts) and puts it in place of the current logo, audited. */
export async function uploadLogo(app: FastifyInstance, auth: SessionAuth, body: UploadLogoBody) {
  requireOrganisationManager(auth, 'change the organisation’s logo');
  const logo = checkLogo(body.media_type, body.data);
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findSettings(trx, auth.organisationId, true);
    if (!before) throw new AppError('NOT_FOUND', 'Organisation not found');
    await repo.replaceLogo(trx, auth.organisationId, logo);
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'organisation.logo_changed',
      userId: auth.userId,
      detail: {
        changes: {
          logo: {
            before: logoFacts(before),
            after: { media_type: logo.mediaType, width: logo.width, height: logo.height, sha256: logo.sha256 },
          },
        },
      },
    });
  });
  return load(app, auth);
}

/** Removes the logo (audited when there was one); removing none answers the settings again. */
export async function removeLogo(app: FastifyInstance, auth: SessionAuth) {
  requireOrganisationManager(auth, 'change the organisation’s logo');
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findSettings(trx, auth.organisationId, true);
    if (!before?.logo_id) return;
    await repo.deleteLogo(trx, auth.organisationId);
    await recordAudit(trx, {
      organisationId: auth.organisationId,
      action: 'organisation.logo_changed',
      userId: auth.userId,
      detail: { changes: { logo: { before: logoFacts(before), after: null } } },
    });
  });
  return load(app, auth);
}
