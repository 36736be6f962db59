import { EmailSchema } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth/use-session';
import { useRequestEmailChange } from '../api/security';
import { CurrentPasswordField } from './fields';

/** A new address and the password: a link goes to the new address, which changes when it is opened. */
export function EmailForm() {
  const id = useId();
  const user = useUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sentTo, setSentTo] = useState<string>();
  const change = useRequestEmailChange();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    const next = {
      email: !parsed.success
        ? (parsed.error.issues[0]?.message ?? 'Invalid email address')
        : parsed.data.toLowerCase() === user.email
          ? 'This is already your address'
          : undefined,
      password: password ? undefined : 'Enter your current password',
    };
    setErrors(next);
    if (next.email || next.password || !parsed.success) return;
    change.mutate(
      { email: parsed.data, current_password: password },
      {
        onSuccess: (answer) => {
          toast.success('Check your new inbox', { description: answer.message });
          setSentTo(parsed.data.toLowerCase());
          setEmail('');
          setPassword('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS') {
            setErrors({ password: 'This is not your current password' });
          } else if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') {
            setErrors({ email: err.message });
          } else {
            toast.error('Error', { description: err instanceof Error ? err.message : 'Please try again.' });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-label="Change email">
      <p className="text-sm text-muted-foreground">
        Your address is <span className="font-medium text-foreground">{user.email}</span>.
      </p>
      {sentTo && (
        <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
          We sent a link to <span className="font-medium">{sentTo}</span>. Your address changes when you open it.
        </p>
      )}
      <FormField id={`${id}-email`} label="New email" error={errors.email}>
        <Input
          {...fieldProps(`${id}-email`, errors.email)}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} error={errors.password} />
      <Button type="submit" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? 'Sending…' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
