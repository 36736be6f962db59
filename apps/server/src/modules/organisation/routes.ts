import {
  OrganisationLogoParamsSchema,
  OrganisationSettingsResponseSchema,
  UpdateOrganisationBodySchema,
  UploadLogoBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { BEARER, BODY_ERRORS, errorResponses, PUBLIC } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import * as repo from './repository';
import { getSettings, removeLogo, updateSettings, uploadLogo } from './service';

// No `apiKeyScope`: the settings are for people signed in (an API key answers 403).
const errors = errorResponses(400, 401, 403, 429);
const tags = ['organisation'];

// An SVG opened as a page may run nothing and fetch nothing, whatever slipped past the checks.
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organisation',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getOrganisationSettings',
        summary:
          'The organisation’s settings: what recipients see of it, the default gift message, the low-balance threshold',
        description: 'Every member may read them; `can_edit` says whether the caller may change them.',
        tags,
        security: BEARER,
        response: { 200: OrganisationSettingsResponseSchema, ...errors },
      },
    },
    async (request) => getSettings(app, sessionOf(request)),
  );

  app.patch(
    '/organisation',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'updateOrganisationSettings',
        summary: 'Change some of the organisation’s settings (owners and admins)',
        description:
          'Only the fields sent change; `null` or `""` clears an optional one. Takes effect on the next email sent. Each change is in the audit log with its value before and after.',
        tags,
        security: BEARER,
        body: UpdateOrganisationBodySchema,
        response: { 200: OrganisationSettingsResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => updateSettings(app, sessionOf(request), request.body),
  );

  app.put(
    '/organisation/logo',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'uploadOrganisationLogo',
        summary: 'Upload the logo shown on recipient emails and the claim page (owners and admins)',
        description:
          'A PNG (16 to 4096 pixels a side) or an SVG, at most 512 KB, in base64. An SVG with script, event handlers, foreign objects or anything fetched from elsewhere (links, url(), @import, a DOCTYPE) is refused with 400 naming `body.data` and the reason.',
        tags,
        security: BEARER,
        body: UploadLogoBodySchema,
        response: { 200: OrganisationSettingsResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS) },
      },
    },
    async (request) => uploadLogo(app, sessionOf(request), request.body),
  );

  app.delete(
    '/organisation/logo',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'removeOrganisationLogo',
        summary: 'Remove the logo (owners and admins)',
        tags,
        security: BEARER,
        response: { 200: OrganisationSettingsResponseSchema, ...errors },
      },
    },
    async (request) => removeLogo(app, sessionOf(request)),
  );

  app.get(
    '/organisation-logos/:id',
    {
      schema: {
        operationId: 'getOrganisationLogo',
        summary: 'An organisation’s logo, as recipient emails and claim pages show it',
        description:
          'Public (emails load it). A new upload gets a new id, so an answer may be cached for ever. SVGs come with a CSP that lets them run and load nothing.',
        tags,
        security: PUBLIC,
        params: OrganisationLogoParamsSchema,
        response: {
          200: {
            description: 'The logo (image/png or image/svg+xml)',
            content: { 'image/png': { schema: z.string() }, 'image/svg+xml': { schema: z.string() } },
          },
          304: { description: 'Not modified: the logo is the one the `If-None-Match` ETag names', content: {} },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const logo = await repo.findLogo(app.db, request.params.id);
      if (!logo) throw notFound('Logo');
      const etag = `"${logo.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', LOGO_CSP)
        .header('x-content-type-options', 'nosniff')
        // Webmail shows it from its own origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', `inline; filename="logo.${logo.media_type === 'image/png' ? 'png' : 'svg'}"`);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // Bytes, not the documented string: Fastify sends a Buffer as it is.
      return reply.type(logo.media_type).send(Buffer.from(logo.content) as unknown as string);
    },
  );
};
