import { EVENT_EXAMPLES, EVENT_SCHEMAS, EVENT_TYPES, eventSchemaName } from '@giftrelay/contracts';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { openapiPlugin } from './openapi';

const config = { version: '1.0.0', publicUrl: 'http://localhost:3000' } as Config;
let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

async function documentWith(isOperator: () => Promise<boolean>) {
  app = Fastify({ logger: false });
  await app.register(openapiPlugin, { config, isOperator });
  return app.inject({ url: '/api/openapi.json', headers: { authorization: 'Bearer x' } });
}

describe('GET /api/openapi.json', () => {
  it('answers the public document when the operator check fails, never a 500', async () => {
    const res = await documentWith(() => Promise.reject(new Error('the check broke')));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('lists one webhook per event type, its body the type’s named schema with a real example', async () => {
    const doc = (await documentWith(async () => false)).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const body = doc.webhooks[type].post.requestBody.content['application/json'];
      const name = eventSchemaName(type);
      expect(body.schema).toEqual({ $ref: `#/components/schemas/${name}` });
      expect(doc.components.schemas[name].properties.type).toMatchObject({ const: type });
      expect(EVENT_SCHEMAS[type].parse(body.example)).toEqual(EVENT_EXAMPLES[type]);
    }
  });
});
