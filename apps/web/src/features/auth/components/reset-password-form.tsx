import { NewPasswordSchema } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength';
import { useResetPassword } from '../api/reset-password';
import { toastError } from './error-toast';

const ResetFormSchema = z
  .object({ password: NewPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<z.infer<typeof ResetFormSchema>>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const res = await reset.mutateAsync({ token, password });
      toast.success('Password changed', { description: res.message });
      navigate('/login', { replace: true });
    } catch (err) {
      toastError(err);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
        <p className="text-sm text-muted-foreground">Changing it signs you out everywhere.</p>
      </div>
      <FormField id="password" label="New password" error={errors.password?.message}>
        <PasswordInput
          {...fieldProps('password', errors.password?.message)}
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <PasswordStrengthMeter password={form.watch('password')} />
      <FormField id="confirm" label="Confirm new password" error={errors.confirm?.message}>
        <PasswordInput
          {...fieldProps('confirm', errors.confirm?.message)}
          autoComplete="new-password"
          {...form.register('confirm')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Change password'}
      </Button>
      <Link to="/forgot-password" className="text-center text-sm font-medium text-primary hover:underline">
        Need a new link?
      </Link>
      <Link to="/login" className="text-center text-sm font-medium text-primary hover:underline">
        Back to sign in
      </Link>
    </form>
  );
}
