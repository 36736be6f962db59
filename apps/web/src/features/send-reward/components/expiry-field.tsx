import { REWARD_EXPIRY_DAYS } from '@giftrelay/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The field's text as the order's `expires_in_days`, or why it cannot be (decision 081). */
export function expiryDaysOf(text: string): { days?: number; error?: string } {
  const v = text.trim();
  if (v === '') return {};
  const n = Number(v);
  if (!/^\d{1,3}$/.test(v) || n < REWARD_EXPIRY_DAYS.min || n > REWARD_EXPIRY_DAYS.max)
    return {
      error: `A whole number of days from ${REWARD_EXPIRY_DAYS.min} to ${REWARD_EXPIRY_DAYS.max}, or empty for your organisation’s default`,
    };
  return { days: n };
}

/** "Expires after (days)": this order's own expiry; empty takes the organisation's default. */
export function ExpiryField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (next: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Expires after (days)</Label>
      <Input
        id={id}
        inputMode="numeric"
        className="w-32"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        readOnly={disabled}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Counted from sending. Unopened rewards are then voided and refunded. Empty: your organisation’s default.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
