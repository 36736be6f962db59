import { FlaskConical } from 'lucide-react';
import { useInstanceInfo } from '@/lib/instance';

/**
 * On a demo instance (`npm run demo:live`, issue 35), above every signed-in page: its gift cards
 * and card payments are fakes, so nobody mistakes its "live" mode for real money.
 */
export function DemoBanner() {
  const instance = useInstanceInfo();
  if (!instance?.demo) return null;
  return (
    <div
      role="note"
      aria-label="Demo"
      className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-center text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      <span>Demo: fake Tango and fake Stripe, no real money</span>
    </div>
  );
}
