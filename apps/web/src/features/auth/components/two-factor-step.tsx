import { SecondFactorCodeSchema } from '@giftrelay/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { completeTwoFactorSignIn } from '@/lib/auth/session';
import { dismissErrorToast, toastError } from './error-toast';

/**
 * The second step of signing in to an account with two-factor sign-in (decision 037): the code
 * from the authenticator app, or one of the recovery codes. A challenge that ran out (five minutes,
 * or five wrong codes) sends the person back to the password.
 */
export function TwoFactorStep({ token, email, onBack }: { token: string; email: string; onBack: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SecondFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(
        recovery ? 'Enter one of your recovery codes, such as abcde-fghjk' : 'Enter the 6 digits your app shows',
      );
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const session = await completeTwoFactorSignIn(token, parsed.data);
      dismissErrorToast();
      toast.success(session.first_sign_in ? 'Welcome!' : 'Welcome back!');
    } catch (err) {
      setPending(false);
      if (err instanceof ApiError && err.code === 'INVALID_CODE') {
        setError(err.message);
        setCode('');
        input.current?.focus();
      } else if (err instanceof ApiError && err.status === 401) {
        toastError(err);
        onBack();
      } else {
        toastError(err);
      }
    }
  };

  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5" aria-labelledby="two-factor-heading">
      <div className="grid gap-1 text-center">
        <h1 id="two-factor-heading" className="text-2xl font-bold tracking-tight">
          Two-factor sign-in
        </h1>
        <p className="text-sm text-muted-foreground">
          {recovery
            ? 'Enter one of the recovery codes you saved. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
        <p className="text-sm text-muted-foreground">
          Signing in as <span className="font-medium text-foreground">{email}</span>
        </p>
      </div>
      <FormField id="two-factor-code" label={label} error={error}>
        <Input
          {...fieldProps('two-factor-code', error)}
          ref={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          spellCheck={false}
          placeholder={recovery ? 'abcde-fghjk' : '123456'}
          maxLength={recovery ? 20 : 10}
          className="font-mono tracking-widest"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Verifying…' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
            input.current?.focus();
          }}
        >
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="font-medium text-primary hover:underline" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
