import {
  type CreateLiveRequestBody,
  LIVE_VOLUME_LABELS,
  type LIVE_VOLUMES,
  type LiveRequest,
  type LiveRequestStatus,
  type LiveStatus,
  type OperatorLiveRequest,
} from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { renderEmail } from '../../lib/email/layout';
import { AppError, notFound } from '../../lib/errors';
import type { SessionAuth } from '../../plugins/auth';
import { hasLiveProvider } from '../../providers/gift-cards';
import { revokeSandboxKeys } from '../api-keys';
import { recordAudit } from '../audit';
import { closeOpenAccounts, ensureOrgAccounts, organisationBilling } from '../ledger';
import { ownerEmails } from '../members';
import { listOperatorEmails } from '../operators';
import { setLive } from '../organisation';
import * as repo from './repository';

type Volume = (typeof LIVE_VOLUMES)[number];

const noLiveProvider = () =>
  new AppError(
    'LIVE_UNAVAILABLE',
    'This GiftRelay instance has no real gift-card provider configured (GIFT_CARD_PROVIDER), so no organisation can go live',
  );

function present(row: repo.LiveRequestRow): LiveRequest {
  return {
    id: row.id,
    status: row.status,
    company_name: row.company_name,
    website: row.website,
    use_case: row.use_case,
    expected_monthly_volume: row.expected_monthly_volume as Volume,
    requested_by_email: row.requested_by_email,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_note: row.decision_note,
  };
}

export async function liveStatus(app: FastifyInstance, organisationId: string): Promise<LiveStatus> {
  const [org, latest] = await Promise.all([
    repo.organisationMode(app.db, organisationId),
    repo.latestRequest(app.db, organisationId),
  ]);
  return {
    success: true,
    mode: org.sandbox ? 'sandbox' : 'live',
    live_since: org.live_since?.toISOString() ?? null,
    live_available: hasLiveProvider(app.giftCards),
    request: latest ? present(latest) : null,
  };
}

/** An owner asks to go live; every operator is told. */
export async function requestLive(
  app: FastifyInstance,
  auth: SessionAuth,
  body: CreateLiveRequestBody,
): Promise<LiveStatus> {
  if (!hasLiveProvider(app.giftCards)) throw noLiveProvider();
  await app.db.transaction().execute(async (tx) => {
    const org = await repo.lockOrganisation(tx, auth.organisationId);
    if (!org.sandbox) throw new AppError('ALREADY_LIVE', 'This organisation is already live');
    const id = await repo.insertRequest(tx, { organisationId: auth.organisationId, userId: auth.userId, ...body });
    if (!id) {
      throw new AppError(
        'LIVE_REQUEST_PENDING',
        'A request to go live is already waiting for GiftRelay: withdraw it to change it',
      );
    }
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'organisation.live_requested',
      userId: auth.userId,
      apiKeyId: null,
      detail: { request_id: id, company_name: body.company_name },
    });
    const operators = await listOperatorEmails(tx, app.config.operatorEmails);
    const url = `${app.config.publicUrl}/operator/live-requests`;
    for (const to of operators) {
      await app.mail.send(
        {
          to,
          subject: `${body.company_name} asks to go live`,
          ...renderEmail({
            preview: `${org.name} (${body.website}) asks to send real rewards.`,
            heading: 'A request to go live',
            paragraphs: [
              `${auth.email}, owner of ${org.name}, asks to go live as ${body.company_name} (${body.website}).`,
              `Expected volume: ${LIVE_VOLUME_LABELS[body.expected_monthly_volume]}.`,
              `What they will send: ${body.use_case}`,
            ],
            action: { label: 'Review the request', url },
          }),
        },
        { db: tx },
      );
    }
  });
  return liveStatus(app, auth.organisationId);
}

/** The owner takes a waiting request back. */
export async function withdrawLiveRequest(app: FastifyInstance, auth: SessionAuth): Promise<LiveStatus> {
  await app.db.transaction().execute(async (tx) => {
    const latest = await repo.latestRequest(tx, auth.organisationId);
    if (
      latest?.status !== 'pending' ||
      !(await repo.decide(tx, latest.id, { status: 'withdrawn', userId: auth.userId, note: null }))
    ) {
      throw new AppError('NOT_PENDING', 'No request to go live is waiting');
    }
    await recordAudit(tx, {
      organisationId: auth.organisationId,
      action: 'organisation.live_request_withdrawn',
      userId: auth.userId,
      apiKeyId: null,
      detail: { request_id: latest.id },
    });
  });
  return liveStatus(app, auth.organisationId);
}

async function presentForOperators(db: Kysely<Database>, rows: repo.LiveRequestRow[]): Promise<OperatorLiveRequest[]> {
  const counts = await repo.sandboxOrderCounts(db, [...new Set(rows.map((r) => r.organisation_id))]);
  return rows.map((r) => ({
    ...present(r),
    organisation_id: r.organisation_id,
    organisation_name: r.organisation_name,
    organisation_created_at: r.organisation_created_at.toISOString(),
    sandbox_orders: counts.get(r.organisation_id) ?? 0,
  }));
}

export async function listLiveRequests(app: FastifyInstance, status: LiveRequestStatus | undefined) {
  const rows = await repo.listRequests(app.db, status);
  return { success: true as const, data: await presentForOperators(app.db, rows) };
}

async function answerFor(app: FastifyInstance, id: string) {
  const row = await repo.findRequest(app.db, id);
  if (!row) throw notFound('Request');
  const [request] = await presentForOperators(app.db, [row]);
  return { success: true as const, request: request as OperatorLiveRequest };
}

const notWaiting = () => new AppError('NOT_PENDING', 'This request is no longer waiting: it was decided or withdrawn');

/**
 * An operator approves: in one transaction the sandbox accounts close (their history kept), live
 * ones open at zero, the organisation turns live, and its gr_test_ keys are revoked. Refused while
 * sandbox orders or batches are unsettled: their money and cards belong to the sandbox.
 */
export async function approveLiveRequest(app: FastifyInstance, operatorId: string, id: string, note: string | null) {
  if (!hasLiveProvider(app.giftCards)) throw noLiveProvider();
  const outcome = await app.db.transaction().execute(async (tx) => {
    const request = await repo.findRequest(tx, id);
    if (!request) throw notFound('Request');
    const org = await repo.lockOrganisation(tx, request.organisation_id);
    if (request.status !== 'pending') throw notWaiting();
    if (!org.sandbox) throw new AppError('ALREADY_LIVE', 'This organisation is already live');
    const closed = await closeOpenAccounts(tx, request.organisation_id);
    const held = closed.filter((a) => a.kind === 'held').reduce((s, a) => s + Number(a.balance_minor), 0);
    const work = await repo.unsettledSandboxWork(tx, request.organisation_id);
    if (held > 0 || work.orders > 0 || work.batches > 0) {
      throw new AppError(
        'SANDBOX_WORK_IN_FLIGHT',
        `This organisation still has sandbox work in flight (${work.orders} orders, ${work.batches} batches): it goes live once they are delivered, cancelled or rejected`,
      );
    }
    if (!(await repo.decide(tx, id, { status: 'approved', userId: operatorId, note }))) throw notWaiting();
    await setLive(tx, request.organisation_id);
    const revokedKeys = await revokeSandboxKeys(tx, request.organisation_id);
    const { billing_currency } = await organisationBilling(tx, request.organisation_id);
    await ensureOrgAccounts(tx, request.organisation_id, billing_currency);
    const sandboxLeft = closed.filter((a) => a.kind === 'available').reduce((s, a) => s + Number(a.balance_minor), 0);
    await recordAudit(tx, {
      organisationId: request.organisation_id,
      action: 'organisation.went_live',
      userId: operatorId,
      apiKeyId: null,
      detail: { request_id: id, revoked_test_keys: revokedKeys, sandbox_balance_closed_minor: sandboxLeft },
    });
    const owners = await ownerEmails(tx, request.organisation_id);
    for (const to of owners) {
      await app.mail.send(
        {
          to,
          subject: `${org.name} is live on GiftRelay`,
          ...renderEmail({
            preview: 'Your organisation can now send real gift cards.',
            heading: 'You are live',
            paragraphs: [
              `GiftRelay approved ${request.company_name}'s request: ${org.name} now sends real gift cards.`,
              `Your live balance starts at ${formatMoney(0, billing_currency)}: add funds on the Billing page before you send. The sandbox balance is closed and kept in your history.`,
              revokedKeys > 0
                ? `Your ${revokedKeys} sandbox API key${revokedKeys === 1 ? ' was' : 's were'} revoked: create live keys (gr_live_…) in Settings.`
                : 'API keys you create from now on are live keys (gr_live_…).',
              ...(note ? [`GiftRelay's note: ${note}`] : []),
            ],
            action: { label: 'Add funds', url: `${app.config.publicUrl}/billing` },
          }),
        },
        { db: tx },
      );
    }
    return request.organisation_id;
  });
  app.log.info({ organisationId: outcome, requestId: id }, 'organisation went live');
  return answerFor(app, id);
}

export async function rejectLiveRequest(app: FastifyInstance, operatorId: string, id: string, note: string) {
  await app.db.transaction().execute(async (tx) => {
    const request = await repo.findRequest(tx, id);
    if (!request) throw notFound('Request');
    if (!(await repo.decide(tx, id, { status: 'rejected', userId: operatorId, note }))) throw notWaiting();
    await recordAudit(tx, {
      organisationId: request.organisation_id,
      action: 'organisation.live_request_rejected',
      userId: operatorId,
      apiKeyId: null,
      detail: { request_id: id, note },
    });
    for (const to of await ownerEmails(tx, request.organisation_id)) {
      await app.mail.send(
        {
          to,
          subject: `Your request to go live was not approved`,
          ...renderEmail({
            preview: note,
            heading: 'Your request to go live was not approved',
            paragraphs: [
              `GiftRelay did not approve ${request.company_name}'s request to go live.`,
              `Why: ${note}`,
              'You can keep using the sandbox, and send a new request from the Billing page once this is addressed.',
            ],
            action: { label: 'Open Billing', url: `${app.config.publicUrl}/billing` },
          }),
        },
        { db: tx },
      );
    }
  });
  return answerFor(app, id);
}
