import type { z } from 'zod';
import { ProviderError } from '../types';
import type { DatabaseRateLimiter } from './rate-limiter';
import { type TangoError, TangoErrorSchema } from './schemas';

export interface TangoClientOptions {
  /** The RaaS v2 base, such as https://integration-api.tangocard.com/raas/v2 (their sandbox). */
  baseUrl: string;
  platformName: string;
  platformKey: string;
  timeoutMs: number;
  limiter: DatabaseRateLimiter;
}

/** How long to leave Tango alone after a 429 when it does not say (it allows about 1 request/s). */
const RATE_LIMIT_PAUSE_MS = 2_000;

/**
 * Tango Card's RaaS v2 over fetch: HTTP Basic with the platform's name and key, every request
 * through the shared rate limiter, every answer checked against its zod schema, and every failure
 * a ProviderError of the right kind (see `failureOf`). Secrets never reach an error message.
 */
export class TangoClient {
  readonly #auth: string;

  constructor(private readonly opts: TangoClientOptions) {
    this.#auth = `Basic ${Buffer.from(`${opts.platformName}:${opts.platformKey}`).toString('base64')}`;
  }

  async request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<{ status: number; data: z.infer<S> }> {
    await this.opts.limiter.take();
    let res: Response;
    try {
      res = await fetch(`${this.opts.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: this.#auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      // No answer: it may have arrived (a timeout after sending), so the caller looks before retrying.
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new ProviderError(
        'timeout',
        timedOut ? 'Tango Card did not answer in time' : 'Tango Card could not be reached',
        {
          cause: err,
        },
      );
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const failure = failureOf(
        res.status,
        TangoErrorSchema.safeParse(json).data ?? {},
        res.headers.get('retry-after'),
      );
      if (failure.kind === 'rate_limited') await this.opts.limiter.backOff(failure.retryAfterMs ?? RATE_LIMIT_PAUSE_MS);
      throw failure;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError(
        'provider_error',
        `Tango Card answered ${method} ${path.split('?')[0]} in an unexpected shape`,
        {
          cause: parsed.error,
        },
      );
    }
    return { status: res.status, data: parsed.data };
  }
}

/**
 * Tango's documented failures as ProviderError kinds: 429 is `rate_limited` (retry after the
 * pause); 5xx `provider_error` (retry); 401/403 a configuration fault (no retry helps); and the
 * 4xx of an order by its `i18nKey` or message: insufficient funds, an inactive or unknown item
 * (`out_of_stock`), an amount it will not take (`declined`).
 */
export function failureOf(status: number, body: TangoError, retryAfter?: string | null): ProviderError {
  const said = [body.i18nKey, body.message, ...(body.errors ?? []).flatMap((e) => [e.i18nKey, e.message])]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  const detail = body.message ? `: ${body.message.slice(0, 200)}` : '';
  if (status === 429) {
    const seconds = Number(retryAfter);
    return new ProviderError('rate_limited', 'Tango Card asked to slow down (429)', {
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RATE_LIMIT_PAUSE_MS,
    });
  }
  if (status >= 500)
    return new ProviderError('provider_error', `Tango Card had an internal error (${status})${detail}`);
  if (status === 401 || status === 403) {
    return new ProviderError(
      'provider_error',
      `Tango Card refused GiftRelay's credentials (${status}): check TANGO_PLATFORM_NAME and TANGO_PLATFORM_KEY`,
      {
        retryable: false,
      },
    );
  }
  if (/insufficient|balance/.test(said)) {
    return new ProviderError('insufficient_funds', `GiftRelay's Tango Card account cannot pay for this order${detail}`);
  }
  if (/amount|value|denomination/.test(said)) {
    return new ProviderError('declined', `Tango Card will not issue this amount${detail}`);
  }
  if (/inactive|not active|unavailable|utid|item/.test(said)) {
    return new ProviderError('out_of_stock', `Tango Card does not offer this reward now${detail}`);
  }
  return new ProviderError('declined', `Tango Card declined the request (${status})${detail}`);
}
