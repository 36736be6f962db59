import { SecondFactorCodeSchema, TotpCodeSchema, type TwoFactorSetup } from '@giftrelay/contracts';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { formatLocalDate } from '@/lib/format';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useSetUpTwoFactor,
  useTwoFactor,
} from '../api/security';
import { CodeField, CurrentPasswordField } from './fields';

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');

/**
 * Settings → Profile & security → Two-factor sign-in (decision 037): off, with a button to set it
 * up; or on, since when, with the recovery codes left, new ones, and a way to turn it off (not
 * while an organisation the person owns requires it).
 */
export function TwoFactorPanel() {
  const status = useTwoFactor();
  if (status.isPending) return <Spinner label="Loading two-factor sign-in" />;
  if (status.isError) {
    return (
      <LoadError
        title="We could not load your two-factor sign-in."
        error={status.error}
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  const s = status.data;
  // One tree for both states: the set-up dialog stays mounted when it turns two-factor on, so the
  // recovery codes it then shows are not lost as the status below it changes.
  return (
    <div className="grid max-w-xl gap-4 rounded-lg border p-4">
      {s.enabled ? (
        <>
          <p className="flex items-start gap-3 text-sm" data-testid="two-factor-status">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
            <span>
              <span className="font-medium">On</span>
              {s.enabled_at && <> since {formatLocalDate(s.enabled_at)}</>}. Signing in asks for a code from your app.{' '}
              {s.recovery_codes_left === 1 ? '1 recovery code left.' : `${s.recovery_codes_left} recovery codes left.`}
            </span>
          </p>
          {s.recovery_codes_left <= 3 && (
            <p className="text-sm text-amber-700 dark:text-amber-400" role="status">
              You are running out of recovery codes: make new ones.
            </p>
          )}
          {s.required_by.length > 0 && (
            <p className="text-sm text-muted-foreground">
              {s.required_by.map((o) => o.name).join(', ')} requires two-factor sign-in of its owners, so it stays on
              while you are an owner there.
            </p>
          )}
        </>
      ) : (
        <p className="flex items-start gap-3 text-sm" data-testid="two-factor-status">
          <ShieldOff className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="font-medium">Off.</span> Add a second step to signing in: a code from an authenticator app
            such as 1Password, Google Authenticator or Authy, so a stolen password alone cannot get in.
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <SetUpDialog showTrigger={!s.enabled} />
        {s.enabled && <NewRecoveryCodesDialog />}
        {s.enabled && s.required_by.length === 0 && <TurnOffDialog />}
      </div>
    </div>
  );
}

/** Password, then the QR code and the first code, then the recovery codes, shown this once. */
function SetUpDialog({ showTrigger }: { showTrigger: boolean }) {
  const [open, setOpen] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [codes, setCodes] = useState<string[]>();
  const close = (next: boolean) => {
    setOpen(next);
    // The secret and the codes leave memory with the dialog.
    if (!next) {
      setSetup(undefined);
      setCodes(undefined);
    }
  };
  const title = codes ? 'Save your recovery codes' : setup ? 'Scan the code' : 'Set up two-factor sign-in';
  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      title={title}
      locked={Boolean(setup)}
      trigger={showTrigger ? <Button>Set up two-factor sign-in</Button> : undefined}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => close(false)} />
      ) : setup ? (
        <ScanAndConfirm
          setup={setup}
          onEnabled={(c) => {
            toast.success('Two-factor sign-in is on', { description: 'Save your recovery codes now.' });
            setCodes(c);
          }}
        />
      ) : (
        <PasswordStep onDone={setSetup} />
      )}
    </DialogShell>
  );
}

function PasswordStep({ onDone }: { onDone: (setup: TwoFactorSetup) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const setUp = useSetUpTwoFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your current password');
      return;
    }
    setUp.mutate(password, {
      onSuccess: onDone,
      onError: (err) =>
        setError(
          err instanceof ApiError && err.code === 'INVALID_CREDENTIALS'
            ? 'This is not your current password'
            : messageOf(err),
        ),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogDescription className="text-sm text-muted-foreground">
        Enter your password to continue. You will need an authenticator app on your phone.
      </DialogDescription>
      <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} error={error} />
      <Button type="submit" className="justify-self-start" disabled={setUp.isPending}>
        {setUp.isPending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}

function ScanAndConfirm({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const enable = useEnableTwoFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TotpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError('Enter the 6 digits your app shows');
      return;
    }
    setError(undefined);
    enable.mutate(parsed.data, {
      onSuccess: (answer) => onEnabled(answer.recovery_codes),
      onError: (err) => setError(messageOf(err)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogDescription className="text-sm text-muted-foreground">
        Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
      </DialogDescription>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code to add GiftRelay to your authenticator app"
        width={192}
        height={192}
        className="justify-self-center rounded-md bg-white p-1"
      />
      <div className="grid gap-1 text-sm">
        <span className="text-muted-foreground">Cannot scan? Enter this key in the app instead:</span>
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="two-factor-secret">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
      <CodeField id={`${id}-code`} value={code} onChange={setCode} error={error} />
      <Button type="submit" className="justify-self-start" disabled={enable.isPending}>
        {enable.isPending ? 'Turning on…' : 'Turn on'}
      </Button>
    </form>
  );
}

/** The codes, shown once: copy, download, and say they are saved. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = `GiftRelay recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied!', { description: 'Content copied to clipboard' });
    } catch {
      toast.error('Error', { description: 'Could not copy. Select the codes and copy them by hand.' });
    }
  };
  return (
    <div className="grid gap-4">
      <DialogDescription className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, such as a password
        manager. They are shown only now.
      </DialogDescription>
      <ul
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/40 p-4 font-mono text-sm"
        aria-label="Recovery codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'giftrelay-recovery-codes.txt')}
        >
          Download codes
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="accent-primary"
        />
        I have saved my recovery codes
      </label>
      <Button type="button" className="justify-self-start" disabled={!saved} onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function NewRecoveryCodesDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const regenerate = useRegenerateRecoveryCodes();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCodes(undefined);
      setCode('');
      setError(undefined);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TotpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError('Enter the 6 digits your app shows');
      return;
    }
    regenerate.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success('New recovery codes', { description: 'The old ones no longer work.' });
        setCodes(answer.recovery_codes);
      },
      onError: (err) => setError(messageOf(err)),
    });
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      title={codes ? 'Save your recovery codes' : 'New recovery codes'}
      locked={Boolean(codes)}
      trigger={<Button variant="outline">New recovery codes</Button>}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => close(false)} />
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogDescription className="text-sm text-muted-foreground">
            New codes replace the ones you have: the old ones stop working. Enter a code from your app.
          </DialogDescription>
          <CodeField id={`${id}-code`} value={code} onChange={setCode} error={error} />
          <Button type="submit" className="justify-self-start" disabled={regenerate.isPending}>
            {regenerate.isPending ? 'Making codes…' : 'Make new codes'}
          </Button>
        </form>
      )}
    </DialogShell>
  );
}

function TurnOffDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const disable = useDisableTwoFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SecondFactorCodeSchema.safeParse(code);
    const next = {
      password: password ? undefined : 'Enter your current password',
      code: parsed.success ? undefined : 'Enter a code from your app, or a recovery code',
    };
    setErrors(next);
    if (next.password || next.code || !parsed.success) return;
    disable.mutate(
      { current_password: password, code: parsed.data },
      {
        onSuccess: () => {
          toast.success('Two-factor sign-in is off');
          setOpen(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS') {
            setErrors({ password: 'This is not your current password' });
          } else if (err instanceof ApiError && err.code === 'INVALID_CODE') setErrors({ code: err.message });
          else toast.error('Could not turn it off', { description: messageOf(err) });
        },
      },
    );
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      title="Turn off two-factor sign-in"
      trigger={<Button variant="outline">Turn off</Button>}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <DialogDescription className="text-sm text-muted-foreground">
          Signing in will ask for your password alone. Your recovery codes stop working.
        </DialogDescription>
        <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} error={errors.password} />
        <CodeField
          id={`${id}-code`}
          label="Code from the app, or a recovery code"
          recovery
          value={code}
          onChange={setCode}
          error={errors.code}
        />
        <Button type="submit" variant="destructive" className="justify-self-start" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </Button>
      </form>
    </DialogShell>
  );
}
