import type { Figures, OrderStatus } from '../order-stats';

/**
 * The one definition of how many rewards have been claimed, used by the dashboard's 'Redemption
 * Rate' and analytics' "Claimed share" alike (docs/decisions/021-first-hour-truth.md): of the
 * rewards issued by the orders of a period (delivered orders; a failed or pending order has issued
 * nothing a recipient could open), the share whose claim page has been opened, in percent with one
 * decimal; 0 when nothing was issued. The rollups count a claim page's first opening only.
 */
export function claimedShare(byStatus: Iterable<[OrderStatus, Figures]>) {
  let issued = 0;
  let claimed = 0;
  for (const [status, f] of byStatus) {
    if (status !== 'completed') continue;
    issued += f.rewards;
    claimed += f.rewardsClaimed;
  }
  return { issued, claimed, share: percent(claimed, issued) };
}

/** A share in percent with one decimal; 0 of 0 is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
