import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope, type CreateApiKeyResponse } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CodeBlock } from '@/components/ui/code-block';
import { CopyButton } from '@/components/ui/copy-button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { getPublicUrl } from '@/lib/public-url';
import { useCreateApiKey } from '../api/create-api-key';
import {
  type Access,
  curlSnippet,
  describeScopes,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  keyRequest,
  SCOPE_LABELS,
} from '../utils/key-form';

const ACCESS_CHOICES: { value: Access; label: string; hint: string }[] = [
  { value: 'full', label: 'Full access', hint: 'Send rewards and read everything' },
  { value: 'read_only', label: 'Read only', hint: 'Orders, reports, catalogue and balance' },
  { value: 'custom', label: 'Custom', hint: 'Pick the scopes' },
];

/** Names a new key and its access; then shows the key, this once, with a curl command that uses it. */
export function CreateApiKeyDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreateApiKeyResponse>();
  const close = (next: boolean) => {
    setOpen(next);
    // The key leaves memory with the dialog: it cannot be shown again.
    if (!next) setCreated(undefined);
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      trigger={<Button>Create API key</Button>}
      locked={Boolean(created)}
      title={created ? 'Your new API key' : 'Create an API key'}
    >
      {created ? <ShowKeyOnce created={created} onDone={() => close(false)} /> : <KeyForm onCreated={setCreated} />}
    </DialogShell>
  );
}

function KeyForm({ onCreated }: { onCreated: (key: CreateApiKeyResponse) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('full');
  const [custom, setCustom] = useState<ApiKeyScope[]>(['orders:read']);
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const create = useCreateApiKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    const problems = {
      name: !trimmed
        ? 'Please name the key'
        : trimmed.length > API_KEY_NAME_MAX
          ? `Name must be at most ${API_KEY_NAME_MAX} characters`
          : undefined,
      scopes: access === 'custom' && custom.length === 0 ? 'Choose at least one scope' : undefined,
    };
    if (problems.name || problems.scopes) {
      setErrors(problems);
      document.getElementById(problems.name ? `${id}-name` : `${id}-scopes`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(keyRequest(trimmed, access, custom, expiry), {
      onSuccess: (key) => {
        toast.success('API key created', { description: `${key.name}: copy it now, it is shown only once.` });
        onCreated(key);
      },
      onError: (err) => {
        const message = err instanceof Error && err.message ? err.message : 'Please try again.';
        setErrors({ form: message });
        toast.error('Could not create the key', { description: message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <DialogDescription className="text-sm text-muted-foreground">
        A key lets a payroll, CRM or survey tool call the API for this organisation. It is shown once.
      </DialogDescription>
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          {...fieldProps(`${id}-name`, errors.name)}
          autoComplete="off"
          placeholder="Payroll integration"
          maxLength={API_KEY_NAME_MAX + 20}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Access</legend>
        {ACCESS_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:outline-2"
          >
            <input
              type="radio"
              name={`${id}-access`}
              value={choice.value}
              checked={access === choice.value}
              onChange={() => setAccess(choice.value)}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="font-medium">{choice.label}</span>
              <span className="block text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {access === 'custom' && (
        <fieldset
          id={`${id}-scopes`}
          tabIndex={-1}
          className="grid gap-2"
          aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={custom.includes(scope)}
                onChange={(e) =>
                  setCustom((now) => (e.target.checked ? [...now, scope] : now.filter((s) => s !== scope)))
                }
                className="accent-primary"
              />
              <span>
                <code className="font-mono text-xs">{scope}</code>{' '}
                <span className="text-muted-foreground">{SCOPE_LABELS[scope]}</span>
              </span>
            </label>
          ))}
          {errors.scopes && (
            <p id={`${id}-scopes-error`} role="alert" className="text-sm text-destructive">
              {errors.scopes}
            </p>
          )}
        </fieldset>
      )}
      <FormField id={`${id}-expiry`} label="Expires">
        <select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
          className="h-10 rounded-md border bg-background px-3 text-sm"
        >
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogActions>
        <Button type="submit" aria-disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create key'}
        </Button>
      </DialogActions>
    </form>
  );
}

function ShowKeyOnce({ created, onDone }: { created: CreateApiKeyResponse; onDone: () => void }) {
  const snippet = curlSnippet(getPublicUrl(), created.key, created.scopes);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <DialogDescription className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        Copy this key now and keep it somewhere safe: it will not be shown again. Anyone with it can act for your
        organisation with {describeScopes(created.scopes).toLowerCase()}.
      </DialogDescription>
      <div className="flex items-center gap-2 rounded-lg bg-slate-950 p-2 pl-3 text-slate-100">
        <code data-testid="new-api-key" className="min-w-0 flex-1 break-all font-mono text-sm">
          {created.key}
        </code>
        <CopyButton text={created.key} label="Copy API key" />
      </div>
      <div>
        <p className="text-sm font-medium">Try it</p>
        <CodeBlock code={snippet} language="bash" className="my-2" data-testid="api-key-curl" />
      </div>
      <Button onClick={onDone} className="sm:justify-self-end">
        Done
      </Button>
    </div>
  );
}
