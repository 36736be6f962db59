import { NewPasswordSchema, USER_NAME_MAX } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth/use-session';
import { useChangePassword, useUpdateProfile } from '../api/profile';

/** The person's name: shown to their colleagues in the member list and the audit log's lines. */
export function NameForm() {
  const id = useId();
  const user = useUser();
  const [name, setName] = useState(user.name ?? '');
  const [error, setError] = useState<string>();
  const update = useUpdateProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length > USER_NAME_MAX) {
      setError(`At most ${USER_NAME_MAX} characters`);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ name: trimmed || null });
      toast.success('Profile saved');
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Please try again.');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid max-w-md gap-4" aria-label="Profile">
      <FormField id={`${id}-name`} label="Your name" error={error}>
        <Input
          {...fieldProps(`${id}-name`, error)}
          autoComplete="name"
          placeholder={user.email}
          maxLength={USER_NAME_MAX + 20}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <p className="-mt-2 text-sm text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{user.email}</span>.
      </p>
      <Button type="submit" className="justify-self-start" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  );
}

const ChangePasswordFormSchema = z
  .object({
    current: z.string().min(1, 'Enter your current password'),
    password: NewPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type ChangePasswordValues = z.infer<typeof ChangePasswordFormSchema>;

/** The current password, then the new one twice; every other session ends. */
export function ChangePasswordForm() {
  const id = useId();
  const user = useUser();
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ current, password }) => {
    try {
      await change.mutateAsync({ current_password: current, password });
      toast.success('Password changed', { description: 'You stay signed in here; every other session has ended.' });
      form.reset();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS') {
        form.setError('current', { message: 'This is not your current password' });
      } else if (err instanceof ApiError && err.code === 'WEAK_PASSWORD') {
        form.setError('password', { message: err.message });
      } else {
        toast.error('Error', { description: err instanceof Error && err.message ? err.message : 'Please try again.' });
      }
    }
  });
  const f = (name: keyof ChangePasswordValues) => `${id}-${name}`;
  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-label="Change password">
      <FormField id={f('current')} label="Current password" error={errors.current?.message}>
        <PasswordInput
          {...fieldProps(f('current'), errors.current?.message)}
          autoComplete="current-password"
          {...form.register('current')}
        />
      </FormField>
      <FormField id={f('password')} label="New password" error={errors.password?.message}>
        <PasswordInput
          {...fieldProps(f('password'), errors.password?.message)}
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <PasswordStrengthMeter password={form.watch('password')} email={user.email} />
      <FormField id={f('confirm')} label="Confirm new password" error={errors.confirm?.message}>
        <PasswordInput
          {...fieldProps(f('confirm'), errors.confirm?.message)}
          autoComplete="new-password"
          {...form.register('confirm')}
        />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
