import { type ClaimChoice, type EventData, toMajor } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { fromKysely } from 'pg-boss';
import { hashToken } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { optionProblem, presentOption } from '../choice-sets';
import { insertEvent as insertPublicEvent } from '../events';
import * as choiceRepo from './choice-repository';
import { FULFIL_QUEUE, fulfilJobData, fulfilJobOptions } from './fulfilment';
import { cachedProduct } from './lookups';
import * as repo from './repository';

/**
 * The claim page's side of recipient's choice (decision 080): the options valid for the reward's
 * value, and the pick, which queues the fulfilment job that issues the card (choice.ts).
 */

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function findByToken(app: FastifyInstance, token: string) {
  // A malformed or unknown token, or a fixed reward's: answered alike.
  if (!TOKEN_SHAPE.test(token)) throw notFound('Reward');
  const found = await choiceRepo.findChoiceReward(app.db, hashToken(token));
  if (!found?.order.choice_product_codes) throw notFound('Reward');
  return { ...found, hash: hashToken(token) };
}

/** The options, each available unless the catalogue withdrew it or the provider ran out at a pick. */
async function options(app: FastifyInstance, order: repo.OrderRow, reward: choiceRepo.ChoiceReward) {
  const codes = order.choice_product_codes ?? [];
  const products = await Promise.all(codes.map((code) => cachedProduct(app, code)));
  const amountMinor = Number(order.amount_minor);
  return products.flatMap((p) =>
    p
      ? [
          presentOption(
            p,
            optionProblem(p, order.currency, amountMinor) === null && !reward.choice_unavailable.includes(p.code),
          ),
        ]
      : [],
  );
}

function claimStatus(order: repo.OrderRow, reward: choiceRepo.ChoiceReward): ClaimChoice['status'] {
  if (reward.void_state !== null || order.status === 'voided') return 'voided';
  if (reward.status === 'review') return 'pending';
  return reward.status;
}

async function claimChoice(app: FastifyInstance, order: repo.OrderRow, reward: choiceRepo.ChoiceReward) {
  return {
    success: true as const,
    status: claimStatus(order, reward),
    currency: order.currency,
    amount: toMajor(Number(order.amount_minor), order.currency),
    options: await options(app, order, reward),
    chosen_product_code: reward.chosen_product_code,
    problem: reward.status === 'awaiting_choice' ? reward.choice_problem : null,
  } satisfies ClaimChoice;
}

/** GET /claims/{token}/choice: the options valid for the reward's value, and the pick once made. */
export async function getClaimChoice(app: FastifyInstance, token: string): Promise<ClaimChoice> {
  const { order, reward } = await findByToken(app, token);
  return claimChoice(app, order, reward);
}

/** How long a pick's answer waits for its card: long enough for a sandbox or a quick provider. */
const PICK_WAIT_MS = 5000;
const PICK_POLL_MS = 20;

/**
 * POST /claims/{token}/choice: the pick. Once per reward: the reward row is locked, so of two
 * picks racing one records its product and the other finds it made (the same product: the same
 * answer; another: 409 CHOICE_ALREADY_MADE). The card is issued by the fulfilment job; the answer
 * waits a few seconds for it, and says `pending` if it takes longer (the page asks again).
 */
export async function pickClaimChoice(app: FastifyInstance, token: string, productCode: string): Promise<ClaimChoice> {
  const { order, hash } = await findByToken(app, token);
  if (!order.choice_product_codes?.includes(productCode))
    throw new AppError('INVALID_PRODUCT', `${productCode} is not one of this reward’s options`, [
      { path: 'body.product_code', message: 'must be one of the reward’s options' },
    ]);
  const product = await cachedProduct(app, productCode);
  const picked = await app.db.transaction().execute(async (tx) => {
    const locked = await choiceRepo.findChoiceReward(tx, hash, true);
    if (!locked) throw notFound('Reward');
    const { reward: r, order: o } = locked;
    if (r.chosen_product_code !== null) {
      if (r.chosen_product_code === productCode) return false;
      throw new AppError('CHOICE_ALREADY_MADE', 'This reward’s product was chosen already');
    }
    if (r.status !== 'awaiting_choice' || r.void_state !== null || o.status !== 'pending')
      throw new AppError('CHOICE_CLOSED', closedReason(o, r));
    if (o.expires_at && o.expires_at <= new Date()) throw new AppError('CHOICE_CLOSED', 'This reward has expired');
    if (
      !product ||
      optionProblem(product, o.currency, Number(o.amount_minor)) !== null ||
      r.choice_unavailable.includes(productCode)
    )
      throw new AppError('CHOICE_OUT_OF_STOCK', `${product?.name ?? productCode} is not available now: pick another`);
    const at = new Date();
    if (!(await choiceRepo.recordPick(tx, r, product, at))) throw new AppError('CHOICE_CLOSED', closedReason(o, r));
    const data = {
      reward_id: r.id,
      order_id: o.id,
      recipient_email: o.recipient_email,
      position: r.position,
      chosen_at: at.toISOString(),
      product_code: product.code,
      product_name: product.name,
      brand: product.brand,
      choice_set_id: o.choice_set_id,
    } satisfies EventData<'reward.choice_made'>;
    await insertPublicEvent(tx, { organisationId: o.organisation_id, type: 'reward.choice_made', data, createdAt: at });
    await repo.insertEvent(tx, {
      order_id: o.id,
      organisation_id: o.organisation_id,
      type: 'reward.choice_made',
      payload: { position: r.position, product_code: product.code, brand: product.brand },
    });
    await app.queue.boss.send(FULFIL_QUEUE, fulfilJobData(o), {
      ...fulfilJobOptions(app.config),
      db: fromKysely(tx),
    });
    return true;
  });
  if (picked) app.queue.wake(FULFIL_QUEUE);
  return waitForCard(app, hash);
}

function closedReason(o: repo.OrderRow, r: choiceRepo.ChoiceReward): string {
  if (r.void_state !== null || o.status === 'voided') return 'This reward was cancelled by its sender';
  if (o.status === 'failed' || o.status === 'rejected' || o.status === 'cancelled' || o.status === 'blocked')
    return 'This reward was not sent';
  if (o.status !== 'pending' && o.status !== 'completed') return 'This reward has not been sent yet';
  return 'This reward can no longer be chosen';
}

/** The pick's answer: the card issued, a refusal given back, or still on its way after PICK_WAIT_MS. */
async function waitForCard(app: FastifyInstance, hash: string): Promise<ClaimChoice> {
  const deadline = Date.now() + PICK_WAIT_MS;
  for (;;) {
    const found = await choiceRepo.findChoiceReward(app.db, hash);
    if (!found) throw notFound('Reward');
    const { order, reward } = found;
    if (reward.status === 'awaiting_choice' && reward.choice_problem === 'out_of_stock')
      throw new AppError('CHOICE_OUT_OF_STOCK', 'That card has just run out: please pick another');
    if (reward.status === 'awaiting_choice' && reward.choice_problem === 'try_again_later')
      throw new AppError('SERVICE_UNAVAILABLE', 'We could not get your card just now: please try again later');
    if (reward.status !== 'pending' || Date.now() >= deadline) return claimChoice(app, order, reward);
    await new Promise((resolve) => setTimeout(resolve, PICK_POLL_MS));
  }
}
