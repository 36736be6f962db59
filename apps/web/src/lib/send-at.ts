import { SCHEDULE_MAX_DAYS, SCHEDULE_MIN_SECONDS } from '@giftrelay/contracts';

export interface SendLater {
  on: boolean;
  /** As the `datetime-local` field has it, in the sender's own time zone: "2026-12-01T09:00". */
  at: string;
}

/** The sender's time zone, as the browser knows it ("Europe/London"). */
export const senderTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The moment a "send later" stands for, as the API takes it, or why it cannot be one (decision
 * 042: at least a minute and at most a year ahead; the server checks the same).
 */
export function sendAtOf(later: SendLater, now = Date.now()): { sendAt?: string; error?: string } {
  if (!later.on) return {};
  if (!later.at) return { error: 'Choose the date and time to send it' };
  const at = new Date(later.at);
  if (Number.isNaN(at.getTime())) return { error: 'Choose the date and time to send it' };
  if (at.getTime() < now + SCHEDULE_MIN_SECONDS * 1000) return { error: 'Choose a time at least a minute from now' };
  if (at.getTime() > now + SCHEDULE_MAX_DAYS * 86_400_000) return { error: 'Choose a time within a year' };
  return { sendAt: at.toISOString() };
}

/** A moment as a `datetime-local` field shows it, in the sender's own time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A spreadsheet's time without a zone ("2026-12-01 09:00") read in the sender's own time zone, as
 * ISO 8601 the API takes; anything else (with an offset, or not a time) is left for the server to judge.
 */
export function localTimeToIso(text: string): string {
  const m = LOCAL_TIME.exec(text.trim());
  if (!m) return text;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
  const at = new Date(y as number, (mo as number) - 1, d, h, mi, s);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
}
