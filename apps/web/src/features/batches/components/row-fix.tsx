import { BATCH_FIELDS, type BatchField, type BatchRowError, type BatchRowInput } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FIELD_LABELS } from '../utils/sheet';

const cellText = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/**
 * A bad row fixed where it stands: a box for each cell with a problem, and "Check again", which
 * sends the rows back to the server's check (nothing is re-uploaded, nothing decided here).
 */
export function RowFix({
  line,
  row,
  errors,
  checking,
  onFix,
}: {
  line: number;
  row: BatchRowInput;
  errors: BatchRowError[];
  checking: boolean;
  onFix: (row: BatchRowInput) => void;
}) {
  const id = useId();
  const fields = BATCH_FIELDS.filter((f) => errors.some((e) => e.field === f));
  const [draft, setDraft] = useState<Partial<Record<BatchField, string>>>(() =>
    Object.fromEntries(fields.map((f) => [f, cellText(row[f])])),
  );
  const [open, setOpen] = useState(false);
  if (!fields.length) return null;
  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setOpen(true)}>
        Fix line {line}
      </Button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: BatchRowInput = { ...row };
    for (const f of fields) {
      const value = draft[f]?.trim() ?? '';
      if (value) next[f] = value;
      else delete next[f];
    }
    setOpen(false);
    onFix(next);
  };
  return (
    <form onSubmit={submit} className="grid gap-2" aria-label={`Fix line ${line}`}>
      {fields.map((f) => (
        <div key={f} className="grid gap-1">
          <label htmlFor={`${id}-${f}`} className="text-xs font-medium">
            {FIELD_LABELS[f]} on line {line}
          </label>
          <Input
            id={`${id}-${f}`}
            value={draft[f] ?? ''}
            maxLength={f === 'message' ? 5000 : 1000}
            onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
            className="h-9"
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={checking}>
          Check again
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
