import * as contracts from '@giftrelay/contracts';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { isDirectionFree, responseSerializerCompiler } from './response-serializer';

const compile = (schema: unknown, compiler = responseSerializerCompiler) =>
  compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<typeof compiler>[0]);

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
};

describe('responseSerializerCompiler', () => {
  const Answer = z.object({
    success: z.literal(true),
    amount: z.number().int(),
    note: z.string().nullable(),
    tags: z.array(z.enum(['a', 'b'])),
    nested: z.object({ at: z.string() }).optional(),
  });

  it('writes what zod’s encoding serializer writes, unknown fields stripped', () => {
    const data = { success: true, amount: 5, note: null, tags: ['a'], extra: 'secret', nested: { at: 'x', more: 1 } };
    const body = compile(Answer)(data);
    expect(JSON.parse(body)).toEqual({ success: true, amount: 5, note: null, tags: ['a'], nested: { at: 'x' } });
    expect(body).toBe(compile(Answer, serializerCompiler)(data));
  });

  it('refuses an answer that does not match its schema, as the encoding serializer does', () => {
    for (const bad of [{ success: true, amount: 1.5, note: null, tags: [] }, { amount: 1 }, null, 'text']) {
      expect(isResponseSerializationError(thrown(() => compile(Answer)(bad)))).toBe(true);
    }
  });

  it('keeps encoding where direction matters (a one-way transform, a default)', () => {
    const Transformed = z.object({ n: z.string().transform(Number) });
    const Defaulted = z.object({ n: z.number().default(1) });
    for (const [schema, data] of [
      [Transformed, { n: '1' }],
      [Defaulted, {}],
    ] as const) {
      const ours = thrown(() => compile(schema)(data));
      expect(ours).toBeInstanceOf(Error);
      expect((ours as Error).constructor).toBe(
        (thrown(() => compile(schema, serializerCompiler)(data)) as Error).constructor,
      );
    }
  });

  it('reads the schema also when wrapped in `properties`', () => {
    expect(compile({ properties: Answer })({ success: true, amount: 1, note: 'x', tags: [] })).toBe(
      '{"success":true,"amount":1,"note":"x","tags":[]}',
    );
  });
});

describe('isDirectionFree', () => {
  it('is true for plain shapes, recursive ones included, and false for transforms, pipes and defaults', () => {
    type Tree = { children: Tree[] };
    const TreeSchema: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(TreeSchema) }));
    expect(isDirectionFree(TreeSchema)).toBe(true);
    expect(isDirectionFree(z.union([z.string(), z.number().nullable()]))).toBe(true);
    expect(isDirectionFree(z.object({ a: z.string().transform((s) => s) }))).toBe(false);
    expect(isDirectionFree(z.object({ a: z.string().pipe(z.string()) }))).toBe(false);
    expect(isDirectionFree(z.object({ a: z.preprocess((v) => v, z.string()) }))).toBe(false);
    expect(isDirectionFree(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(isDirectionFree(z.object({ a: z.string().catch('x') }))).toBe(false);
  });

  it('holds for every response schema of the contracts (so none pays for encoding)', () => {
    const responses = Object.entries(contracts).filter(
      ([name, value]) => value instanceof $ZodType && /Response(Schema)?$/.test(name),
    );
    expect(responses.length).toBeGreaterThan(5);
    for (const [name, schema] of responses) expect([name, isDirectionFree(schema as $ZodType)]).toEqual([name, true]);
  });
});
