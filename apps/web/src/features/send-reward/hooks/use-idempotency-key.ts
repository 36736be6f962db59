import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

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
