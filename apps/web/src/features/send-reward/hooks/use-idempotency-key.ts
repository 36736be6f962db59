import { useCallback, useRef } from 'react';

/** A random UUID; randomUUID exists only on secure origins, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per intended send. The same request asked again (a double click, a retry
 * after a dropped connection) reuses its key, so the server answers it once. A new key comes
 * when the request changes, or after a final answer: a success, or a refusal (a 4xx), which the
 * server keeps for the key, so asking again with it would only replay that refusal.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; request: string } | null>(null);

  const keyFor = useCallback((request: unknown) => {
    const fingerprint = JSON.stringify(request);
    if (current.current?.request !== fingerprint) {
      current.current = { key: newIdempotencyKey(), request: fingerprint };
    }
    return current.current.key;
  }, []);

  const settle = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, settle };
}
