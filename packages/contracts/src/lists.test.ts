import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductListResponseSchema } from './catalog';
import { listPage } from './lists';
import { MailboxListSchema } from './mailbox';
import { ListOrdersResponseSchema } from './orders';

describe('the list envelope', () => {
  it.each([
    ['products', ProductListResponseSchema],
    ['orders', ListOrdersResponseSchema],
    ['messages', MailboxListSchema],
  ] as const)('%s: data, has_more and next_cursor required; the former key documented as deprecated', (key, schema) => {
    const json = z.toJSONSchema(schema, { io: 'output' }) as {
      required: string[];
      properties: Record<string, { deprecated?: boolean; description?: string }>;
    };
    expect(json.required).toEqual(expect.arrayContaining(['success', 'data', 'has_more', 'next_cursor', key]));
    expect(json.properties[key]?.deprecated).toBe(true);
    expect(json.properties[key]?.description).toMatch(/^Deprecated/);
    expect(json.properties.data?.deprecated).toBeUndefined();
  });

  it('has_more follows the cursor', () => {
    expect(listPage([1, 2], 'next')).toEqual({ data: [1, 2], has_more: true, next_cursor: 'next' });
    expect(listPage([], null)).toEqual({ data: [], has_more: false, next_cursor: null });
  });
});
