import { randomUUID } from 'node:crypto';
import { type CreateOrderBody, MCP_PREVIEW_SECONDS, type OrderSummary } from '@giftrelay/contracts';
import { formatMoney, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { refuseIfFrozen } from '../card-funding';
import { holdRateFor } from '../fx';
import { billingCurrency, cachedProduct, createAgentOrder, getOrderDetail, prepareOrder } from '../orders';
import { checkCaps, checkRecipientDomain, spendOf, startOfUtcMonth } from './guardrails';
import type { McpPrincipal } from './principal';
import * as repo from './repository';
import { ToolRefusal } from './tool-refusal';

export interface PreviewArgs {
  recipient_email: string;
  product_code?: string;
  /** Recipient's choice (decision 080): the products to pick from, or a saved choice set; with `currency`. */
  product_codes?: string[];
  choice_set_id?: string;
  value: number;
  currency?: string;
  recipient_name?: string;
  message?: string;
}

/** Thrown inside the order's transaction when the preview's order exists already: nothing is written. */
class AlreadySent extends Error {}

/**
 * Prices a reward exactly as sending it would (the order module's own checks and arithmetic), says
 * whether it will wait for approval and how it stands against the caps, and keeps it as a preview
 * bound to this organisation and this key or grant. A rate between currencies is held for as long
 * as the preview may be sent, so the total shown is the total charged.
 */
export async function previewReward(app: FastifyInstance, p: McpPrincipal, args: PreviewArgs) {
  checkRecipientDomain(p.guardrails, args.recipient_email);
  // The organisation's state, rules and defaults: read with the key already, or now for a grant.
  const settings = p.organisation ?? (await repo.organisationFactsOf(app.db, p.organisationId));
  refuseIfFrozen({ frozen: Boolean(settings.sending_frozen_at) });
  const { sandbox } = settings;
  if (sandbox !== p.sandbox) {
    throw new AppError(
      'FORBIDDEN',
      `This connection is for ${p.sandbox ? 'sandbox' : 'live'} rewards but the organisation is ${sandbox ? 'in sandbox' : 'live'} now: connect again with a ${sandbox ? 'sandbox' : 'live'} key or grant.`,
    );
  }
  const { product, currency, choice } = await previewedProduct(app, args);
  const billing = await billingCurrency(app, p.organisationId);
  const expiresAt = new Date(Date.now() + MCP_PREVIEW_SECONDS * 1000);
  const quote =
    currency === billing ? null : await holdRateFor(app.db, p.organisationId, currency, billing, MCP_PREVIEW_SECONDS);
  const body: CreateOrderBody = {
    ...(choice ? { choice, currency } : { product_code: product?.code }),
    amount: args.value,
    email: args.recipient_email,
    quantity: 1,
    ...(args.recipient_name ? { recipient_name: args.recipient_name } : {}),
    // The message is settled now, the organisation's default included: the send sends what was
    // previewed, and does not read the default again (an empty message is none).
    message: args.message || (settings.default_message ?? ''),
    ...(quote ? { quote_id: quote.quote_id } : {}),
  };
  const orderId = randomUUID();
  const actor = { userId: p.userId, organisationId: p.organisationId, source: p.source };
  const prepared = await prepareOrder(app, actor, body, sandbox, orderId, {
    rewardExpiryDays: settings.reward_expiry_days,
    defaultMessage: settings.default_message,
  });
  const o = prepared.order;
  const charged = Number(o.charged_total_minor);
  const now = new Date();
  const spend = p.guardrails.caps ? await spendOf(app.db, p.organisationId, p.source, now) : null;
  const caps =
    p.guardrails.caps && spend
      ? checkCaps(p.guardrails.caps, { totalMinor: charged, currency: o.charge_currency }, spend.month, spend.today)
      : null;
  const approval = await approvalOf(app, p, settings, Number(o.usd_total_minor), now);
  const id = randomUUID();
  await repo.insertPreview(app, {
    id,
    organisation_id: p.organisationId,
    source_kind: p.source.kind,
    source_id: p.source.id,
    order_id: orderId,
    order_body: body,
    charged_total_minor: charged,
    charge_currency: o.charge_currency,
    expires_at: expiresAt,
  });
  sweepOldPreviews(app);
  const face = (m: string) => toMajor(Number(m), o.currency);
  const inBilling = (m: string) => toMajor(Number(m), o.charge_currency);
  return {
    preview_id: id,
    expires_at: expiresAt.toISOString(),
    sandbox,
    product: product && { code: product.code, name: product.name, brand: product.brand, country: product.country },
    // Recipient's choice: the options fixed for this value, of which the recipient picks one.
    choice: prepared.summary.choice,
    recipient_email: o.recipient_email,
    value: face(o.amount_minor),
    currency: o.currency,
    fee: face(o.fee_minor),
    total: face(o.total_minor),
    charged: {
      currency: o.charge_currency,
      subtotal: inBilling(o.charged_subtotal_minor),
      fee: inBilling(o.charged_fee_minor),
      total: inBilling(o.charged_total_minor),
      total_minor: charged,
    },
    fx: quote ? { from: quote.from, to: quote.to, rate: quote.rate, held_until: quote.expires_at } : null,
    needs_approval: approval !== null,
    approval_reason: approval,
    caps,
    summary: `${formatMoney(Number(o.amount_minor), o.currency)} ${product ? product.name : `recipient’s choice of ${prepared.summary.choice?.product_codes.length} cards`} to ${o.recipient_email}: ${formatMoney(charged, o.charge_currency)} charged with the fee${approval ? `; it will wait for approval (${approval})` : ''}. Send with send_reward before ${expiresAt.toISOString()}.`,
  };
}

/** A fixed reward's product (its currency the value's), or a choice's currency and options to resolve. */
async function previewedProduct(app: FastifyInstance, args: PreviewArgs) {
  const choice = args.product_codes
    ? { product_codes: args.product_codes }
    : args.choice_set_id
      ? { choice_set_id: args.choice_set_id }
      : null;
  if (choice) {
    if (args.product_code || (args.product_codes && args.choice_set_id))
      throw new AppError(
        'VALIDATION_ERROR',
        'Give product_code, or product_codes or choice_set_id for a recipient’s choice: one of them',
      );
    if (!args.currency) throw new AppError('VALIDATION_ERROR', 'currency is required with a recipient’s choice');
    return { product: null, currency: args.currency, choice };
  }
  if (!args.product_code)
    throw new AppError(
      'VALIDATION_ERROR',
      'Give product_code, or product_codes or choice_set_id for a recipient’s choice',
    );
  const product = await cachedProduct(app, args.product_code);
  if (!product?.available) {
    throw new AppError('INVALID_PRODUCT', `Product code ${args.product_code} does not exist or is not available`);
  }
  if (args.currency && args.currency !== product.currency) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${product.name} is a ${product.currency} card: give its value in ${product.currency}, not ${args.currency}`,
    );
  }
  return { product, currency: product.currency, choice: null };
}

let lastSweep = 0;
/** Old previews go as new ones come, at most once a minute per process: no timer of its own. */
function sweepOldPreviews(app: FastifyInstance) {
  if (Date.now() - lastSweep < 60_000) return;
  lastSweep = Date.now();
  void repo.deleteOldPreviews(app.db).catch((err) => app.log.warn({ err }, 'could not delete old MCP previews'));
}

/** Why an agent's order of `usdMinor` would wait for approval (decision 035's rules), or null. */
async function approvalOf(
  app: FastifyInstance,
  p: McpPrincipal,
  rules: repo.AgentOrganisationRow,
  usdMinor: number,
  now: Date,
): Promise<string | null> {
  const usd = (m: number) => formatMoney(m, 'USD');
  if (rules.approval_every_sender_order) return 'the organisation has every sender’s order approved, and agents’ too';
  const above = rules.approval_above_usd_minor === null ? null : Number(rules.approval_above_usd_minor);
  if (above !== null && usdMinor > above)
    return `its total, ${usd(usdMinor)}, is above the approval threshold of ${usd(above)}`;
  const cap = rules.approval_monthly_cap_usd_minor === null ? null : Number(rules.approval_monthly_cap_usd_minor);
  if (cap !== null) {
    const month = await repo.usdThisMonthBySource(app.db, p.organisationId, p.source.id, startOfUtcMonth(now));
    if (month + usdMinor > cap) return `it would take this connection past the monthly approval cap of ${usd(cap)}`;
  }
  return null;
}

/**
 * Sends what the preview priced: only this connection's preview, only before it ends, exactly its
 * order (same body, same total), placed by the order module's statement in a transaction that
 * first runs the spend guard (the source's lock, then its caps and budget). The preview's order id makes a second order
 * impossible: a repeat answers the order placed.
 */
export async function sendReward(
  app: FastifyInstance,
  p: McpPrincipal,
  previewId: string,
): Promise<{ order: OrderSummary; replayed: boolean }> {
  const preview = await repo.findPreview(app, previewId, p.organisationId, p.source);
  if (!preview) {
    throw new ToolRefusal(
      'PREVIEW_NOT_FOUND',
      'No preview with this preview_id was made through this connection: call preview_reward first.',
    );
  }
  const placed = async () => ({ order: await orderSummary(app, p, preview.order_id), replayed: true });
  // A preview already sent answers its order for ever after.
  if (preview.sent) return placed();
  if (preview.expires_at.getTime() <= Date.now()) {
    throw new ToolRefusal(
      'PREVIEW_EXPIRED',
      'This preview has expired and nothing was sent: preview the reward again.',
    );
  }
  let answer: Awaited<ReturnType<typeof createAgentOrder>>;
  try {
    answer = await createAgentOrder(app, p.credential, preview.order_body as CreateOrderBody, {
      source: p.source,
      orderId: preview.order_id,
      // The key's read brought the organisation's state: the order does not read it again.
      organisation: p.organisation
        ? {
            frozen: Boolean(p.organisation.sending_frozen_at),
            sandbox: p.organisation.sandbox,
            spendGuard: p.organisation.spend_guard,
            rewardExpiryDays: p.organisation.reward_expiry_days,
            defaultMessage: p.organisation.default_message,
          }
        : undefined,
      // A grant's caps and domains live on the grant; a key's the spend guard reads itself.
      grant: p.source.kind === 'oauth_grant' ? p.guardrails : null,
      check: (order) => {
        if (
          order.charged_total_minor !== preview.charged_total_minor ||
          order.charge_currency !== preview.charge_currency
        ) {
          throw new ToolRefusal(
            'PREVIEW_CHANGED',
            'The reward would no longer cost what the preview said: nothing was sent. Preview it again.',
          );
        }
      },
      inTransaction: async (trx) => {
        // After the spend guard's lock (one send at a time per key or grant, decision 084): a
        // repeat of a send that committed finds its order before the caps or budget (which that
        // order used up) refuse it. Without a transaction, a repeat or a racing send of the same
        // preview meets the orders' primary key (23505 below).
        if (await repo.orderExists(trx, p.organisationId, preview.order_id)) throw new AlreadySent();
        if (!(await p.recheck(trx))) throw new AppError('UNAUTHORIZED', 'This connection has been revoked');
      },
      audit: {
        action: 'agent.order_placed',
        apiKeyId: p.source.kind === 'api_key' ? p.source.id : null,
        detail: {
          source: { kind: 'mcp', via: p.source.kind, id: p.source.id, client_name: p.source.clientName },
          charged_total_minor: Number(preview.charged_total_minor),
          currency: preview.charge_currency,
        },
      },
    });
  } catch (err) {
    // A concurrent send of the same preview won: its order is the answer.
    if (err instanceof AlreadySent || (err as { code?: string }).code === '23505') return placed();
    // A repeat racing the order's own fulfilment (which holds the order row and waits on the
    // account this statement holds) is a deadlock PostgreSQL ends: the order, if it exists, is
    // the answer; nothing of the repeat was written.
    if (
      (err as { code?: string }).code === '40P01' &&
      (await repo.orderExists(app.db, p.organisationId, preview.order_id))
    )
      return placed();
    throw err;
  }
  return { order: JSON.parse(answer.body) as OrderSummary, replayed: false };
}

async function orderSummary(app: FastifyInstance, p: McpPrincipal, orderId: string): Promise<OrderSummary> {
  const { rewards: _rewards, history: _history, ...summary } = await getOrderDetail(app, p.organisationId, orderId);
  return summary as OrderSummary;
}
