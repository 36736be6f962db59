import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type SendLater, senderTimeZone } from '@/lib/send-at';

/** "Send later": a date and time in the sender's own time zone, said beside the field. */
export function SendLaterField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: SendLater;
  onChange: (next: SendLater) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
          disabled={disabled}
        />
        Send later
      </label>
      {value.on && (
        <>
          <Label htmlFor={id}>Send on</Label>
          <Input
            id={id}
            type="datetime-local"
            className="w-60"
            value={value.at}
            onChange={(e) => onChange({ ...value, at: e.target.value })}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            readOnly={disabled}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Your time zone: {senderTimeZone()}. The total is held now; the reward goes out then, and can be cancelled
            until it does.
          </p>
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
