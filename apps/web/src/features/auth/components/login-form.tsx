import { type Credentials, CredentialsSchema, type PlanId } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordStrengthMeter } from '@/components/ui/password-strength';
import { ApiError } from '@/lib/api-client';
import { signIn } from '@/lib/auth/session';
import { useSignUp } from '../api/sign-up';
import { CheckInbox } from './check-inbox';
import { dismissErrorToast, toastError } from './error-toast';
import { TwoFactorStep } from './two-factor-step';

export type LoginMode = 'sign-in' | 'sign-up';

interface LoginFormProps {
  initialEmail?: string;
  initialMode?: LoginMode;
  /** The plan chosen on the pricing page, shown while signing up. */
  plan?: { id: PlanId; name: string; price: string; period?: string };
  /** Called when the person switches between signing in and signing up (the page's title follows). */
  onModeChange?: (mode: LoginMode) => void;
}

/**
 * The spec's one form for signing in and signing up. A successful sign-in changes the session,
 * and the login page then moves on; a sign-up waits for the emailed link.
 */
export function LoginForm({ initialEmail = '', initialMode = 'sign-in', plan, onModeChange }: LoginFormProps) {
  const [mode, setModeState] = useState<LoginMode>(initialMode);
  const setMode = (next: LoginMode) => {
    setModeState(next);
    onModeChange?.(next);
  };
  const [waitingFor, setWaitingFor] = useState<string>();
  const [challenge, setChallenge] = useState<{ token: string; email: string }>();
  const signUp = useSignUp();
  const form = useForm<Credentials>({
    resolver: zodResolver(CredentialsSchema),
    defaultValues: { email: initialEmail, password: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const isSignUp = mode === 'sign-up';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (isSignUp) {
        await signUp.mutateAsync({ ...values, plan: plan?.id });
        dismissErrorToast();
        toast.success('Success!', { description: 'Check your email to verify.' });
        setWaitingFor(values.email);
      } else {
        const answer = await signIn(values.email, values.password);
        dismissErrorToast();
        if ('two_factor_required' in answer) {
          setChallenge({ token: answer.two_factor_token, email: values.email });
          return;
        }
        toast.success(answer.first_sign_in ? 'Welcome!' : 'Welcome back!');
      }
    } catch (err) {
      toastError(err);
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_CONFIRMED') setWaitingFor(values.email);
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        token={challenge.token}
        email={challenge.email}
        onBack={() => {
          setChallenge(undefined);
          form.resetField('password');
        }}
      />
    );
  }

  if (waitingFor) {
    return (
      <CheckInbox
        email={waitingFor}
        onBack={() => {
          setWaitingFor(undefined);
          setMode('sign-in');
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-labelledby="login-heading">
      <div className="grid gap-1 text-center">
        <h1 id="login-heading" className="text-2xl font-bold tracking-tight">
          {isSignUp ? 'Create your account' : 'Sign in to GiftRelay'}
        </h1>
        <p className="text-sm text-muted-foreground">
          {isSignUp ? 'Free to start, no credit card needed.' : 'Welcome back. Enter your details to continue.'}
        </p>
        {isSignUp && plan && (
          <p className="mt-2 rounded-md border bg-muted/50 px-3 py-2 text-sm" data-testid="chosen-plan">
            Plan: <strong>{plan.name}</strong> ({plan.period ? `${plan.price} ${plan.period}` : plan.price})
          </p>
        )}
      </div>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldProps('email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="password"
        label="Password"
        error={errors.password?.message}
        aside={
          !isSignUp && (
            <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          )
        }
      >
        <PasswordInput
          {...fieldProps('password', errors.password?.message)}
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          {...form.register('password')}
        />
      </FormField>
      {isSignUp && <PasswordStrengthMeter password={form.watch('password')} email={form.watch('email')} />}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? (isSignUp ? 'Creating account…' : 'Signing in…') : isSignUp ? 'Create account' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => {
            setMode(isSignUp ? 'sign-in' : 'sign-up');
            form.clearErrors();
          }}
        >
          {isSignUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
    </form>
  );
}
