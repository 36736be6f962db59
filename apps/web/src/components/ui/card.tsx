import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** `clsx`, not `cn`: public pages do without tailwind-merge; a `className` adds (padding, layout). */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('rounded-xl border bg-card shadow-sm', className)} {...props} />;
}
