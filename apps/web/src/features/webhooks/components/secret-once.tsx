import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** A signing secret, shown this once, with a copy button. */
export function SecretOnce({ secret, onDone, note }: { secret: string; onDone: () => void; note?: string }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Dialog.Description className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        Copy this secret now and keep it with your receiver: it will not be shown again. Verify every delivery with it
        (see Docs → Webhooks).{note ? ` ${note}` : ''}
      </Dialog.Description>
      <div className="flex items-center gap-2 rounded-lg bg-slate-950 p-2 pl-3 text-slate-100">
        <code data-testid="webhook-secret" className="min-w-0 flex-1 break-all font-mono text-sm">
          {secret}
        </code>
        <CopyButton text={secret} label="Copy signing secret" />
      </div>
      <Button onClick={onDone} className="sm:justify-self-end">
        Done
      </Button>
    </div>
  );
}
