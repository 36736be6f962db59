import {
  type ChoiceOption,
  type ChoiceRule,
  type ChoiceSet,
  type CreateChoiceSetBody,
  listPage,
  type UpdateChoiceSetBody,
} from '@giftrelay/contracts';
import { parseAmount } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { createdAtListing, paginate } from '../../lib/cursor';
import { AppError, validationError } from '../../lib/errors';
import { type CatalogProduct, getProducts, getRuleProducts, logoUrl } from '../catalog';
import * as repo from './repository';

/**
 * Choice sets (decision 080): an organisation's saved product lists and rules, and what a choice
 * offers at a value. Orders resolve their choice here when they are placed (`resolveChoice`) and
 * fix the options then; a set changed or deleted later leaves placed orders as they were.
 */

/** The most options a rule offers: the first in name order (a list is capped by its schema). */
export const RULE_OPTIONS_MAX = 200;

const LISTING = createdAtListing('choice-sets');

const notFound = () => new AppError('CHOICE_SET_NOT_FOUND', 'Choice set not found');

export function presentChoiceSet(row: repo.ChoiceSetRow): ChoiceSet {
  return {
    id: row.id,
    name: row.name,
    product_codes: row.product_codes,
    rule: (row.rule as ChoiceRule | null) ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Every listed code must name a product of the catalogue (available or not: availability is checked per order). */
async function checkCodesExist(db: Db, codes: string[], path: string) {
  const found = new Set((await getProducts(db, codes)).map((p) => p.code));
  const details = codes.flatMap((code, i) =>
    found.has(code) ? [] : [{ path: `${path}.${i}`, message: `no product has the code ${code}` }],
  );
  if (details.length) throw new AppError('INVALID_PRODUCT', 'Every product code must name a product', details);
}

export async function createChoiceSet(app: FastifyInstance, organisationId: string, body: CreateChoiceSetBody) {
  if (body.product_codes) await checkCodesExist(app.db, body.product_codes, 'body.product_codes');
  const row = await repo.insertChoiceSet(app.db, {
    organisation_id: organisationId,
    name: body.name,
    product_codes: body.product_codes ?? null,
    rule: body.rule ? JSON.stringify(body.rule) : null,
  });
  return { success: true as const, choice_set: presentChoiceSet(row) };
}

export async function listChoiceSets(
  app: FastifyInstance,
  organisationId: string,
  q: { limit: number; cursor?: string },
) {
  const { page, nextCursor } = await paginate(app.cursors, LISTING, q, ({ after, limit }) =>
    repo.listChoiceSets(app.db, organisationId, { after, limit }),
  );
  return { success: true as const, ...listPage(page.map(presentChoiceSet), nextCursor) };
}

export async function getChoiceSet(app: FastifyInstance, organisationId: string, id: string) {
  const row = await repo.findChoiceSet(app.db, organisationId, id);
  if (!row) throw notFound();
  return { success: true as const, choice_set: presentChoiceSet(row) };
}

export async function updateChoiceSet(
  app: FastifyInstance,
  organisationId: string,
  id: string,
  body: UpdateChoiceSetBody,
) {
  if (body.product_codes) await checkCodesExist(app.db, body.product_codes, 'body.product_codes');
  // One form replaces the other: the table holds exactly one.
  const form =
    body.product_codes !== undefined
      ? { product_codes: body.product_codes, rule: null }
      : body.rule !== undefined
        ? { product_codes: null, rule: JSON.stringify(body.rule) }
        : {};
  const row = await repo.updateChoiceSet(app.db, organisationId, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...form,
    updated_at: new Date(),
  });
  if (!row) throw notFound();
  return { success: true as const, choice_set: presentChoiceSet(row) };
}

export async function deleteChoiceSet(app: FastifyInstance, organisationId: string, id: string) {
  if (!(await repo.deleteChoiceSet(app.db, organisationId, id))) throw notFound();
  return { success: true as const, message: 'Choice set deleted' };
}

/** A product as a choice shows it (the claim page, the options preview). */
export function presentOption(p: CatalogProduct, available = p.available): ChoiceOption {
  return {
    code: p.code,
    name: p.name,
    brand: p.brand,
    logo: logoUrl(p.code),
    terms: p.terms,
    redemption_instructions: p.redemptionInstructions,
    available,
  };
}

/** Why a product cannot be one of a choice's options at `amountMinor` in `currency`, or null. */
export function optionProblem(p: CatalogProduct, currency: string, amountMinor: number): string | null {
  if (!p.available) return `${p.code} is not available`;
  if (p.currency !== currency) return `${p.code} is in ${p.currency}, not ${currency}`;
  if (p.denominationsMinor?.length) {
    return p.denominationsMinor.includes(amountMinor) ? null : `${p.code} does not come in this value`;
  }
  if (amountMinor < p.minValueMinor || amountMinor > p.maxValueMinor) return `${p.code} does not take this value`;
  return null;
}

export interface ResolvedChoice {
  choiceSetId: string | null;
  choiceSetName: string | null;
  products: CatalogProduct[];
}

/**
 * An order's choice at its value (decision 080): a list of codes, each of which must be an
 * available product in the currency that takes the value (400 INVALID_PRODUCT naming each that is
 * not, nothing written); or a set of the organisation's (404 CHOICE_SET_NOT_FOUND otherwise),
 * whose list keeps the products that fit and whose rule finds them (400 CHOICE_EMPTY for none).
 */
export async function resolveChoice(
  db: Db,
  organisationId: string,
  choice: { product_codes: string[] } | { choice_set_id: string },
  currency: string,
  amountMinor: number,
): Promise<ResolvedChoice> {
  if ('product_codes' in choice) {
    const products = await getProducts(db, choice.product_codes);
    const byCode = new Map(products.map((p) => [p.code, p]));
    const details = choice.product_codes.flatMap((code, i) => {
      const p = byCode.get(code);
      const problem = p ? optionProblem(p, currency, amountMinor) : `no product has the code ${code}`;
      return problem ? [{ path: `body.choice.product_codes.${i}`, message: problem }] : [];
    });
    if (details.length)
      throw new AppError(
        'INVALID_PRODUCT',
        `Not every product of the choice can be sent: ${details[0]?.message}`,
        details,
      );
    return { choiceSetId: null, choiceSetName: null, products };
  }
  const set = await repo.findChoiceSet(db, organisationId, choice.choice_set_id);
  if (!set) throw notFound();
  const products = set.product_codes
    ? (await getProducts(db, set.product_codes)).filter((p) => optionProblem(p, currency, amountMinor) === null)
    : await ruleProducts(db, set.rule as ChoiceRule, currency, amountMinor);
  if (products.length === 0)
    throw new AppError(
      'CHOICE_EMPTY',
      `No product of the choice set ${set.name} is available in ${currency} at this value`,
      [{ path: 'body.choice.choice_set_id', message: 'no product of this set takes this value in this currency' }],
    );
  return { choiceSetId: set.id, choiceSetName: set.name, products };
}

async function ruleProducts(db: Db, rule: ChoiceRule, currency: string, amountMinor: number) {
  // A rule naming another currency than the order's offers nothing at this value.
  if (rule.currency !== undefined && rule.currency !== currency) return [];
  return getRuleProducts(db, {
    category: rule.category,
    country: rule.country,
    currency,
    amountMinor,
    limit: RULE_OPTIONS_MAX,
  });
}

/** Whether the organisation has this set (a batch's default set is checked before its rows). */
export async function choiceSetExists(db: Db, organisationId: string, id: string): Promise<boolean> {
  return (await repo.findChoiceSet(db, organisationId, id)) !== undefined;
}

/** GET /choice-sets/{id}/options: what the set offers at a value now (an empty list is an answer). */
export async function choiceSetOptions(
  app: FastifyInstance,
  organisationId: string,
  id: string,
  query: { amount: string; currency: string },
) {
  const amountMinor = parseAmount(query.amount, query.currency, { exact: true });
  if (amountMinor === undefined || amountMinor === 0)
    throw validationError('query.amount: must be a positive amount in the currency', [
      { path: 'query.amount', message: 'must be a positive amount with the currency’s decimals' },
    ]);
  try {
    const resolved = await resolveChoice(app.db, organisationId, { choice_set_id: id }, query.currency, amountMinor);
    return { success: true as const, options: resolved.products.map((p) => presentOption(p)) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'CHOICE_EMPTY') return { success: true as const, options: [] };
    throw err;
  }
}
