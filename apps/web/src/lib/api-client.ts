import type { ErrorBody } from '@giftrelay/contracts';

/** An answer from our API that was not a success, with the API's stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody['code'] | 'NETWORK_ERROR',
    message: string,
    /** The fields the answer names, when it names any (`body.password`, …). */
    readonly details: NonNullable<ErrorBody['details']> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: send no access token (the sign-in calls themselves). */
  auth?: boolean;
};

/** How the client gets the signed-in user's access token; lib/auth/session.ts provides it. */
export interface AuthHooks {
  getAccessToken(): string | undefined;
  /** Gets a new access token; false when the session is over. */
  refresh(): Promise<boolean>;
}

let authHooks: AuthHooks | undefined;

export function setAuthHooks(hooks: AuthHooks) {
  authHooks = hooks;
}

/** Sends the request with the access token; an answer that is not a success becomes an ApiError. */
async function send(method: string, path: string, opts: RequestOptions = {}, isRetry = false): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const token = opts.auth === false ? undefined : authHooks?.getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
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
  // An access token that expired while the tab slept: refresh once and ask again.
  if (res.status === 401 && token && !isRetry && authHooks && (await authHooks.refresh())) {
    return send(method, path, opts, true);
  }
  if (!res.ok) {
    const text = await res.text();
    const body = (text ? safeJson(text) : undefined) as Partial<ErrorBody> | undefined;
    throw new ApiError(
      res.status,
      body?.code ?? 'INTERNAL_ERROR',
      body?.error ?? `Request failed (${res.status})`,
      Array.isArray(body?.details) ? body.details : [],
    );
  }
  return res;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  const text = await res.text();
  return (text ? safeJson(text) : undefined) as T;
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
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** A GET whose body the caller reads itself (a streamed download); failures are ApiErrors as above. */
  stream: (path: string, opts?: RequestOptions) =>
    send('GET', path, { ...opts, headers: { accept: '*/*', ...opts?.headers } }),
  /** A POST whose answer the caller reads as it arrives (server-sent events); failures as above. */
  postStream: (path: string, body: unknown, opts?: RequestOptions) =>
    send('POST', path, { ...opts, body, headers: { accept: 'text/event-stream', ...opts?.headers } }),
};
