import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from './button';
import { DialogActions, DialogDescription, DialogShell } from './dialog-shell';
import { FormField, fieldProps } from './form-field';

/**
 * A decision with a note, asked in a dialog: approve or reject an order (decision 035), release or
 * block a held reward (decision 083). `onSubmit` gets the trimmed note; it throws to keep the
 * dialog open with its message (decided meanwhile by someone else, say) and resolves when done,
 * then the dialog closes and forgets the note. `noteRequired` is the message shown when a note is
 * needed and missing.
 */
export function NoteDialog({
  trigger,
  title,
  description,
  noteLabel,
  noteMax,
  noteRequired,
  submitLabel,
  busyLabel,
  isDestructive = false,
  isBusy,
  onSubmit,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  noteLabel: string;
  noteMax: number;
  noteRequired?: string;
  submitLabel: string;
  busyLabel: string;
  isDestructive?: boolean;
  isBusy: boolean;
  onSubmit: (note: string) => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const trimmed = note.trim();
    if (noteRequired && !trimmed) {
      setError(noteRequired);
      return;
    }
    setError(undefined);
    try {
      // Awaited rather than a mutation's callbacks: once decided, the item leaves its list and this
      // dialog with it, and mutate's callbacks never run for an unmounted component.
      await onSubmit(trimmed);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Please try again.');
      return;
    }
    setNote('');
    setOpen(false);
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
      size="md"
      title={title}
      trigger={trigger}
    >
      <DialogDescription className="text-sm text-muted-foreground">{description}</DialogDescription>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField id={`${id}-note`} label={noteLabel} error={error}>
          <textarea
            {...fieldProps(`${id}-note`, error)}
            rows={3}
            maxLength={noteMax}
            className="w-full rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        <DialogActions>
          <Button type="submit" variant={isDestructive ? 'destructive' : 'default'} disabled={isBusy}>
            {isBusy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
