import swagger from '@fastify/swagger';
import { OPERATION_ACCESS } from '@giftrelay/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { eventWebhooks } from './openapi-webhooks';

/** The tags operations are grouped by, in the order documentation shows them. */
const TAGS = [
  { name: 'auth', description: 'Sign-up, email verification, sign-in, sessions and passwords' },
  { name: 'catalog', description: 'The gift cards on offer; readable without signing in' },
  { name: 'orders', description: 'Sending rewards, reading, searching and exporting orders, exchange rates' },
  { name: 'choice-sets', description: 'Recipient’s choice: saved lists and rules of products a recipient picks from' },
  { name: 'api-keys', description: 'API keys for integrations: created and revoked by a signed-in user' },
  { name: 'balance', description: "The organisation's prepaid balance" },
  { name: 'claims', description: 'A recipient reading their reward through the claim link' },
  { name: 'events', description: 'What happened in the organisation, as webhooks deliver it' },
  { name: 'webhooks', description: 'Endpoints that receive the events, signed (Standard Webhooks)' },
  { name: 'reports', description: 'Dashboard figures and analytics, also as CSV' },
  { name: 'leads', description: 'The contact form' },
  { name: 'mailbox', description: 'The built-in mailbox, present only while no SMTP server is configured' },
  { name: 'system', description: 'Health of the service' },
];

type Doc = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The zod transform, plus answers without a body (a 304): a route declares them with an empty
 * `content`, which @fastify/swagger documents only when it sees `type: 'null'`.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const response = (out.schema as { response?: Record<string, unknown> } | undefined)?.response;
  for (const [status, answer] of Object.entries(response ?? {})) {
    const { description, content } = answer as { description?: string; content?: object };
    if (response && content && Object.keys(content).length === 0) response[status] = { type: 'null', description };
  }
  return out;
};

/**
 * Named zod schemas (`.meta({ id })`) become `components.schemas`, an input and an output
 * version of each (`XInput` and `X`). Only those some operation reaches are kept, sorted by
 * name, so the document (and the SDK generated from it) changes only when the API does.
 */
function withNamedSchemas(document: Parameters<typeof jsonSchemaTransformObject>[0]): Doc {
  const doc = jsonSchemaTransformObject(document) as Doc & {
    components?: { schemas?: Record<string, unknown> };
    paths?: unknown;
    webhooks?: unknown;
  };
  const schemas = doc.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(doc.paths);
  visit(doc.webhooks);
  // An input schema the same as its output one, or without an output one, goes by the plain name.
  const rename = new Map<string, string>();
  for (const name of reached) {
    if (!name.endsWith('Input')) continue;
    const plain = name.slice(0, -'Input'.length);
    if (!reached.has(plain) || JSON.stringify(schemas[plain]) === JSON.stringify(schemas[name])) {
      rename.set(name, plain);
    }
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node);
    // `allOf` around a single `$ref` (zod's optional named schema) is just the `$ref`.
    if (entries.length === 1 && Array.isArray((node as { allOf?: unknown[] }).allOf)) {
      const [only, ...more] = (node as { allOf: unknown[] }).allOf;
      if (only && more.length === 0) return rewrite(only);
    }
    return Object.fromEntries(
      entries.map(([key, value]) => {
        if (key === '$ref' && typeof value === 'string') {
          const name = value.slice('#/components/schemas/'.length);
          return [key, `#/components/schemas/${rename.get(name) ?? name}`];
        }
        return [key, rewrite(value)];
      }),
    );
  };
  const kept = Object.fromEntries(
    [...reached]
      .filter((name) => !rename.has(name) || !reached.has(rename.get(name) as string) || rename.get(name) === name)
      .map((name) => [rename.get(name) ?? name, rewrite(schemas[name])] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return {
    ...doc,
    paths: rewrite(doc.paths),
    webhooks: rewrite(doc.webhooks),
    components: { ...doc.components, schemas: kept },
  } as Doc;
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * The document without the platform operators' operations (their rule in OPERATION_ACCESS is
 * `operator`; to anyone else they answer 404 as if they did not exist, so the public document must
 * not list them either, decision 057), and without the named schemas only they reached.
 */
export function publicDocument(full: Doc): Doc {
  const doc = full as Doc & {
    paths?: Record<string, Record<string, unknown>>;
    webhooks?: unknown;
    components?: { schemas?: object };
  };
  const isHidden = (op: unknown) => {
    const id = (op as { operationId?: string } | null)?.operationId;
    return id !== undefined && (OPERATION_ACCESS as Record<string, string>)[id] === 'operator';
  };
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {})
      .map(
        ([path, item]) => [path, Object.fromEntries(Object.entries(item).filter(([, op]) => !isHidden(op)))] as const,
      )
      .filter(([, item]) => Object.keys(item).length > 0),
  );
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(paths);
  visit(doc.webhooks);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...doc, paths, components: { ...doc.components, schemas: kept } } as Doc;
}

/**
 * The OpenAPI document, generated from the same zod schemas that validate each route. Its
 * operationIds and schema names are a public API: the SDK (packages/sdk) is generated from the
 * public document. A platform operator's request (`isOperator`) gets the whole document.
 */
export const openapiPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: Config; isOperator?: (request: FastifyRequest) => Promise<boolean> },
  ) => {
    await app.register(swagger, {
      openapi: {
        // 3.1 for `webhooks`: each event type's payload, named (decision 066).
        openapi: '3.1.0',
        info: {
          title: 'GiftRelay API',
          version: opts.config.version,
          description:
            'Send digital gift cards by email. Every error answers `{success: false, error, code}`; `code` is stable.',
          license: { name: 'Proprietary', url: `${opts.config.publicUrl}/terms` },
        },
        servers: [{ url: opts.config.publicUrl }],
        tags: TAGS,
        webhooks: eventWebhooks(),
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
      transformObject: withNamedSchemas,
    });
    let publicDoc: Doc | undefined;
    app.get('/api/openapi.json', { schema: { hide: true } }, async (request, reply) => {
      // One URL, two answers: a shared cache must not hand the operator's to anyone else.
      reply.header('vary', 'authorization');
      // A check that fails gives the public document, never a 500 (as /api/health does).
      const isOperator = opts.isOperator ? await opts.isOperator(request).catch(() => false) : false;
      if (isOperator) {
        reply.header('cache-control', 'private, no-store');
        return app.swagger();
      }
      publicDoc ??= publicDocument(app.swagger() as Doc);
      return publicDoc;
    });
  },
  { name: 'openapi' },
);
