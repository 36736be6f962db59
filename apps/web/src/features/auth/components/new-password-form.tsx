import { NewPasswordSchema } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength';

const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

interface NewPasswordFormProps {
  title: string;
  intro: ReactNode;
  passwordLabel: string;
  confirmLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (password: string) => void | Promise<void>;
  /** Links under the button. */
  children?: ReactNode;
}

/**
 * A new password typed twice, with its strength: the reset link's form and the verify link's
 * "Choose your password" (decision 054) check it the same way.
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const form = useForm<z.infer<typeof NewPasswordFormSchema>>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(({ password }) => props.onSubmit(password))} noValidate className="grid gap-5">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
        <p className="text-sm text-muted-foreground">{props.intro}</p>
      </div>
      <FormField id="password" label={props.passwordLabel} error={errors.password?.message}>
        <PasswordInput
          {...fieldProps('password', errors.password?.message)}
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <PasswordStrengthMeter password={form.watch('password')} />
      <FormField id="confirm" label={props.confirmLabel} error={errors.confirm?.message}>
        <PasswordInput
          {...fieldProps('confirm', errors.confirm?.message)}
          autoComplete="new-password"
          {...form.register('confirm')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.submitLabel}
      </Button>
      {props.children}
    </form>
  );
}
