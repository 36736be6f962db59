import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths, webhooks } from './schema';

export type { components, operations, paths, webhooks };
/** The API's named schemas: `Schemas['Order']`, `Schemas['Product']`, `Schemas['Error']`… */
export type Schemas = components['schemas'];
export type GiftRelayClient = Client<paths>;
/** An event type, as webhooks and `GET /api/v1/events` name it: `'order.created'`… */
export type EventType = keyof webhooks;
/**
 * The body a webhook of that type delivers (and the events API lists), typed by its `type`:
 * `WebhookPayload<'order.failed'>['data']['reason']`. Without an argument, any event.
 */
export type WebhookPayload<T extends EventType = EventType> = NonNullable<
  webhooks[T]['post']
>['requestBody']['content']['application/json'];

export interface CreateClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The instance's origin, e.g. `https://gifts.example.com` (no `/api`). */
  baseUrl: string;
  /** An access token from `POST /api/v1/auth/token`; leave it out for the public operations. */
  token?: string;
}

/**
 * A typed client for the GiftRelay API: paths, parameters, bodies and answers are checked by
 * TypeScript against the OpenAPI document the types were generated from (`npm run generate:sdk`).
 *
 *   const api = createClient({ baseUrl, token });
 *   const { data, error } = await api.GET('/api/v1/products', { params: { query: { country: 'US' } } });
 */
export function createClient({ baseUrl, token, headers, ...rest }: CreateClientOptions): GiftRelayClient {
  return createFetchClient<paths>({
    ...rest,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}
