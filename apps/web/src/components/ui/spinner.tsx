import { cn } from '@/lib/utils';
import { PlainSpinner, SPINNER_CLASS } from './plain-spinner';

/** A busy indicator with a name for screen readers. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return <PlainSpinner label={label} className={cn(SPINNER_CLASS, className)} />;
}
