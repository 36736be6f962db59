import { useState } from 'react';
import { cn } from '@/lib/utils';

/** The brand's logo, or the first letter of its name while there is none to show. */
export function ProductLogo({ name, logoUrl, className }: { name: string; logoUrl?: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div
      className={cn(
        'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-secondary text-lg font-bold text-secondary-foreground',
        className,
      )}
    >
      {logoUrl && !failed ? (
        <img
          src={logoUrl}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-full"
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden>{letter}</span>
      )}
    </div>
  );
}
