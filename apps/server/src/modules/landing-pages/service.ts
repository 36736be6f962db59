import {
  type GenerateLandingCopyBody,
  type GenerateLandingCopyResponse,
  type HeroImageBody,
  type LandingCopy,
  LandingCopySchema,
  type LandingPage,
  type LandingPageData,
  type LandingPageSummary,
  type ListLandingPagesResponse,
  landingPageSlug,
  listPage,
  type PublishedLandingPage,
  type UpdateLandingPageBody,
} from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, validationError } from '../../lib/errors';
import { instanceFacts, streamText, WriterError } from '../writer';
import { brandStrip, builtInLandingCopy, LANDING_SYSTEM_PROMPT, landingPrompt } from './built-in-copy';
import { renderHeroSvg, svgDataUrl } from './hero-svg';
import * as repo from './repository';

const pageNotFound = () => notFound('Landing page');

/**
 * Writes a page's copy with the writer (an LLM when configured); the built-in copy answers when
 * there is none, and stands in when an LLM's answer is not the JSON asked for.
 */
export async function generateCopy(
  app: FastifyInstance,
  body: GenerateLandingCopyBody,
): Promise<GenerateLandingCopyResponse> {
  const seed = body.seed ?? Math.floor(Math.random() * 2_147_483_647);
  const facts = await instanceFacts(app);
  let text: string;
  try {
    text = await streamText(
      app,
      {
        system: LANDING_SYSTEM_PROMPT,
        prompt: landingPrompt(body, facts),
        seed,
        builtIn: (s) => JSON.stringify(builtInLandingCopy(body, s, facts)),
      },
      () => {},
    );
  } catch (err) {
    if (err instanceof WriterError) throw new AppError('SERVICE_UNAVAILABLE', err.message);
    throw err;
  }
  const copy = parseCopy(app, text) ?? builtInLandingCopy(body, seed, facts);
  // The brand strip's figures are the catalogue's, whoever wrote the rest.
  const strip = brandStrip(facts);
  const { brands: _, ...rest } = copy;
  return { success: true, copy: strip ? { ...rest, brands: strip } : rest };
}

function parseCopy(app: FastifyInstance, text: string): LandingCopy | null {
  const json = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '');
  try {
    const parsed = LandingCopySchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
    app.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'landing copy from the writer had the wrong shape');
  } catch {
    app.log.warn('landing copy from the writer was not JSON');
  }
  return null;
}

export function heroImage(body: HeroImageBody) {
  return { success: true as const, imageUrl: svgDataUrl(renderHeroSvg(body.hero_visual, body.primary_keyword)) };
}

function summary(row: repo.LandingPageRow): LandingPageSummary {
  return {
    slug: row.slug,
    primary_keyword: row.primary_keyword,
    offer_type: row.offer_type,
    status: row.published ? 'published' : 'unpublished',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    published_at: row.published_at?.toISOString() ?? null,
    created_by_email: row.created_by_email,
  };
}

export function present(row: repo.LandingPageRow): LandingPage {
  return {
    ...summary(row),
    supporting_keywords: row.supporting_keywords,
    audience_segment: row.audience_segment,
    hero_visual: row.hero_visual,
    utm_campaign: row.utm_campaign,
    copy: row.copy as unknown as LandingCopy,
    hero_image_url: svgDataUrl(row.hero_svg),
  };
}

/**
 * Publishes the page at its keyword's slug: created, or replaced in place (the address stays).
 * The slug in the path must be the keyword's, so a page's address always says what it is about.
 */
export async function publishPage(app: FastifyInstance, userId: string, slug: string, values: LandingPageData) {
  if (landingPageSlug(values.primary_keyword) !== slug) {
    throw validationError('The slug must be the primary keyword’s', [
      { path: 'params.slug', message: `must be ${landingPageSlug(values.primary_keyword)} for this primary_keyword` },
    ]);
  }
  const created = await repo.upsertPublished(
    app.db,
    slug,
    { ...values, hero_svg: renderHeroSvg(values.hero_visual, values.primary_keyword) },
    userId,
  );
  const row = await repo.findPage(app.db, slug);
  if (!row) throw pageNotFound();
  return { created, body: { success: true as const, page: present(row) } };
}

export async function listPages(app: FastifyInstance): Promise<ListLandingPagesResponse> {
  const rows = await repo.listPages(app.db, 500);
  return { success: true, ...listPage(rows.map(summary), null) };
}

export async function getPage(app: FastifyInstance, slug: string) {
  const row = await repo.findPage(app.db, slug);
  if (!row) throw pageNotFound();
  return { success: true as const, page: present(row) };
}

/** A published page as the public sees it: without who made it. */
export function presentPublished(row: repo.LandingPageRow): PublishedLandingPage {
  const { created_by_email: _, ...page } = present(row);
  return page;
}

export async function getPublishedPage(app: FastifyInstance, slug: string) {
  const row = await repo.findPublishedPage(app.db, slug);
  if (!row) throw pageNotFound();
  return { success: true as const, page: presentPublished(row) };
}

export async function updatePage(app: FastifyInstance, slug: string, body: UpdateLandingPageBody) {
  const row = await repo.findPage(app.db, slug);
  if (!row) throw pageNotFound();
  const heroVisual = body.hero_visual ?? row.hero_visual;
  const changed = await repo.updatePage(app.db, slug, {
    ...body,
    ...(body.hero_visual ? { hero_svg: renderHeroSvg(heroVisual, row.primary_keyword) } : {}),
  });
  if (!changed) throw pageNotFound();
  return getPage(app, slug);
}

export async function unpublishPage(app: FastifyInstance, slug: string) {
  if (!(await repo.unpublishPage(app.db, slug))) throw pageNotFound();
  return getPage(app, slug);
}

export async function deletePage(app: FastifyInstance, slug: string) {
  if (!(await repo.deletePage(app.db, slug))) throw pageNotFound();
  return { success: true as const, deleted: true as const };
}

export const publishedSlugs = (app: FastifyInstance) => repo.publishedSlugs(app.db);
export const findPublishedRow = (app: FastifyInstance, slug: string) => repo.findPublishedPage(app.db, slug);
