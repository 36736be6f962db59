import { EVENT_EXAMPLES, EVENT_TYPES } from '@giftrelay/contracts';
import { expect, expectTypeOf, it } from 'vitest';
import type { EventType, Schemas, WebhookPayload } from './index';

it('types each event type’s webhook payload, and the documented examples are such payloads', () => {
  // Compile-time: one payload type per event type, each example assignable to its own.
  const examples: { [T in EventType]: WebhookPayload<T> } = EVENT_EXAMPLES;
  expectTypeOf<EventType>().toEqualTypeOf<(typeof EVENT_TYPES)[number]>();
  expectTypeOf<WebhookPayload<'order.failed'>['data']['reason']>().toEqualTypeOf<string>();
  expectTypeOf<WebhookPayload<'balance.low'>>().toEqualTypeOf<Schemas['BalanceLowEvent']>();
  expectTypeOf<WebhookPayload>().toEqualTypeOf<Schemas['Event']>();
  expect(Object.keys(examples).sort()).toEqual([...EVENT_TYPES].sort());
});
