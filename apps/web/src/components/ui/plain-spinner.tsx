import { LoaderCircle } from 'lucide-react';

export const SPINNER_CLASS = 'inline-flex items-center gap-2 text-muted-foreground';

/**
 * A busy indicator with a name for screen readers, without class merging (public pages do without
 * tailwind-merge): a `className` replaces the default classes. ./spinner.tsx merges them.
 */
export function PlainSpinner({ label = 'Loading', className = SPINNER_CLASS }: { label?: string; className?: string }) {
  return (
    <span role="status" className={className}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
