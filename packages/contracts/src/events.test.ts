import { describe, expect, it } from 'vitest';
import { EVENT_EXAMPLES, EVENT_SUMMARIES } from './event-examples';
import { EVENT_SCHEMAS, EVENT_TYPES, EventSchema } from './events';

/** A value of another JSON type than `v`'s. */
// A null example (a nullable field such as reward.expired's reason) is mistyped as an object, which
// a nullable string, number or boolean refuses.
const mistyped = (v: unknown) => (typeof v === 'string' ? 42 : v === null ? { mistyped: true } : 'not-the-type');

describe('the event schemas', () => {
  it('have one schema, one summary and one example for each event type', () => {
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...EVENT_TYPES].sort());
    expect(Object.keys(EVENT_SUMMARIES).sort()).toEqual([...EVENT_TYPES].sort());
    expect(Object.keys(EVENT_EXAMPLES).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(EVENT_TYPES)(
    '%s: the example parses with its schema and the union, and nothing of it is stripped',
    (type) => {
      const example = EVENT_EXAMPLES[type];
      expect(EVENT_SCHEMAS[type].parse(example)).toEqual(example);
      expect(EventSchema.parse(example)).toEqual(example);
    },
  );

  it.each(EVENT_TYPES)('%s: a missing or mistyped field of data, or an unknown type, fails', (type) => {
    const example = EVENT_EXAMPLES[type];
    const data = example.data as Record<string, unknown>;
    const schema = EVENT_SCHEMAS[type];
    const optional = new Set(
      Object.entries(schema.shape.data.shape)
        .filter(
          ([, field]) => (field as { safeParse: (v: unknown) => { success: boolean } }).safeParse(undefined).success,
        )
        .map(([key]) => key),
    );
    for (const key of Object.keys(data)) {
      const { [key]: _, ...without } = data;
      expect(schema.safeParse({ ...example, data: without }).success, `without ${key}`).toBe(optional.has(key));
      expect(schema.safeParse({ ...example, data: { ...data, [key]: mistyped(data[key]) } }).success, key).toBe(false);
    }
    expect(EventSchema.safeParse({ ...example, type: 'order.exploded' }).success).toBe(false);
  });
});
