import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/**
 * A Radix dialog's frame: overlay, a centred card that fits a 375 px screen and scrolls when
 * taller than it, the title and a close button. `trigger` opens it; `locked` keeps a click
 * outside from closing it (while something shown once is on screen).
 */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  title,
  locked = false,
  size = 'lg',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: string;
  locked?: boolean;
  /** `md` for a question with a short form (a note, an email); `lg` for a form with more to fill in. */
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-[minmax(0,1fr)] gap-4 overflow-y-auto rounded-xl border bg-card p-5 shadow-xl sm:p-6',
            size === 'md' ? 'max-w-md' : 'max-w-lg',
          )}
          onInteractOutside={(event) => locked && event.preventDefault()}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2 shrink-0">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DialogDescription = Dialog.Description;

/** A dialog's buttons: Cancel (closes it) and what the dialog is for, stacked on a narrow screen. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </Dialog.Close>
      {children}
    </div>
  );
}
