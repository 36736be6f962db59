import type { Batch } from '@giftrelay/contracts';
import { formatCount } from '@/lib/format';

/**
 * What became of a batch in one line, the way a sender counts: rewards sent (delivered), not sent
 * (a problem in the row, the balance, a rejection, the provider, a cancellation) and still to go.
 * "18 sent, 2 not sent" when done with failures, "All 20 sent" when none failed.
 */
export function batchOutcome(batch: Pick<Batch, 'status' | 'counts'>): string {
  const c = batch.counts;
  const sent = c.delivered;
  const notSent = c.invalid + c.insufficient_funds + c.rejected + c.failed + c.cancelled;
  const toGo = c.queued + c.in_progress;
  switch (batch.status) {
    case 'pending_approval':
      return `Waiting for approval: ${formatCount(c.valid)} ready, ${formatCount(c.invalid)} not sent`;
    case 'rejected':
      return `Rejected: none sent`;
    case 'accepting':
    case 'sending':
      return `Sending: ${formatCount(sent)} sent, ${formatCount(notSent)} not sent, ${formatCount(toGo)} to go`;
    case 'completed':
      return notSent === 0
        ? `All ${formatCount(sent)} sent`
        : `${formatCount(sent)} sent, ${formatCount(notSent)} not sent`;
  }
}
