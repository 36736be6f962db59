import { type EmailBody, EmailBodySchema } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { toastError } from './error-toast';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<EmailBody>({ resolver: zodResolver(EmailBodySchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  const onSubmit = form.handleSubmit((values) => request.mutateAsync(values).catch(toastError));

  if (request.isSuccess) {
    return (
      <div className="grid gap-4 text-center" aria-live="polite">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">Check your inbox</h1>
        <p className="text-sm text-muted-foreground">{request.data.message}</p>
        <Button asChild variant="outline">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
        <p className="text-sm text-muted-foreground">
          Enter your email and we will send you a link to choose a new one.
        </p>
      </div>
      <FormField id="email" label="Email" error={error}>
        <Input {...fieldProps('email', error)} type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <Link to="/login" className="text-center text-sm font-medium text-primary hover:underline">
        Back to sign in
      </Link>
    </form>
  );
}
