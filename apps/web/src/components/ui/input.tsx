import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { INPUT_CLASS } from './field-classes';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(INPUT_CLASS, className)} {...props} />;
}
