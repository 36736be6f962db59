import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';

/** The password asked for again before a security change. */
export function CurrentPasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label="Current password" error={error}>
      <PasswordInput
        {...fieldProps(id, error)}
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A code from the authenticator app (or, with `recovery`, a recovery code too). */
export function CodeField({
  id,
  value,
  onChange,
  error,
  label = 'Code from the app',
  recovery = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
  recovery?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        {...fieldProps(id, error)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        placeholder={recovery ? undefined : '123456'}
        maxLength={recovery ? 20 : 10}
        className="font-mono tracking-widest"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
