import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The dialog's destructive notice: a title from the spec and what to do about it. */
export function FormNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/60 p-3 text-sm">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <p className="font-semibold text-destructive">{title}</p>
        <div>{children}</div>
      </div>
    </div>
  );
}
