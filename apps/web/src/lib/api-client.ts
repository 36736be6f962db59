import type { ErrorBody } from '@giftrelay/contracts';

/** An answer from our API that was not a success, with the API's stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody['code'] | 'NETWORK_ERROR',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach GiftRelay. Check your connection and try again.');
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const body = data as Partial<ErrorBody> | undefined;
    throw new ApiError(res.status, body?.code ?? 'INTERNAL_ERROR', body?.error ?? `Request failed (${res.status})`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};
