import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';

const ROLE_NAMES = { owner: 'an owner', admin: 'an admin', sender: 'a sender', viewer: 'a viewer' } as const;

/** Shown where a role may not go: says which role the person has and who can help. */
export function Forbidden({
  role,
  title,
  children,
}: {
  role: keyof typeof ROLE_NAMES;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
      <ShieldAlert aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        You are {ROLE_NAMES[role]} in this organisation. {children ?? 'Ask an owner or admin if you need more access.'}
      </p>
    </div>
  );
}
