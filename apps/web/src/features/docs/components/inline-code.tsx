import type { ReactNode } from 'react';

/** A name, value or snippet inside the documentation's prose. */
export const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{children}</code>
);
