import { cn } from '@/lib/utils';

/** A grey block where content is loading; hidden from screen readers, which hear the status instead. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} />;
}
