import { ANALYTICS_SESSION_KEY } from '@giftrelay/contracts/analytics-session';

let fallbackId: string | undefined;

/** A random version-4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The visitor's analytics session: a random UUID kept in session storage under
 * ANALYTICS_SESSION_KEY (`giftrelay_analytics_session`), so it lasts as long as the tab and no
 * longer. Where storage is refused (some private modes), one id for the life of the page.
 */
export function analyticsSessionId(storage: Storage | undefined = safeSessionStorage()): string {
  try {
    const known = storage?.getItem(ANALYTICS_SESSION_KEY);
    if (known && /^[0-9a-f-]{36}$/i.test(known)) return known;
    const id = newId();
    storage?.setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    fallbackId ??= newId();
    return fallbackId;
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
