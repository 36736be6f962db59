import { type EmailBody, EmailBodySchema } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useResendVerification } from '../api/resend-verification';
import { toastError } from './error-toast';

/** Asks for a new verification link for an address. */
export function ResendForm() {
  const resend = useResendVerification();
  const form = useForm<EmailBody>({ resolver: zodResolver(EmailBodySchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  const onSubmit = form.handleSubmit((values) =>
    resend
      .mutateAsync(values)
      .then((res) => toast.success('Verification email sent', { description: res.message }), toastError),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField id="resend-email" label="Send a new link to" error={error}>
        <Input {...fieldProps('resend-email', error)} type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
    </form>
  );
}
