import type { ApiKey } from '@giftrelay/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAgentCaps, useSetAgentCaps } from '../api/agent-caps';
import { type CapsForm, capsToForm, formToCaps } from '../utils/caps-form';

const AMOUNTS = [
  ['perReward', 'Per reward'],
  ['perDay', 'Per day (UTC)'],
  ['perMonth', 'Per month (UTC)'],
] as const;

/**
 * What this key may spend (decisions 074 and 084): caps per reward, day and month, fee included, and
 * the recipient domains it may send to. Checked with every order, batch and resend it makes, over
 * the API and MCP alike.
 */
export function AgentCapsDialog({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState(false);
  const caps = useAgentCaps(apiKey.id, open);
  const save = useSetAgentCaps(apiKey.id);
  const [form, setForm] = useState<CapsForm | null>(null);
  const [error, setError] = useState<{ field: keyof CapsForm; message: string } | null>(null);
  useEffect(() => {
    if (open && caps.data) setForm(capsToForm(caps.data));
  }, [open, caps.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const result = formToCaps(form);
    if ('field' in result) return setError(result);
    setError(null);
    save.mutate(result.body, {
      onSuccess: () => {
        toast.success('Agent caps saved', { description: `${apiKey.name}: they apply to its next order.` });
        setOpen(false);
      },
      onError: (err) =>
        toast.error('Could not save the caps', {
          description: err instanceof Error && err.message ? err.message : 'Please try again.',
        }),
    });
  };
  const field = (name: keyof CapsForm) => ({
    ...fieldProps(`caps-${apiKey.id}-${name}`, error?.field === name ? error.message : undefined),
    value: form?.[name] ?? '',
    onChange: (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [name]: e.target.value } : f)),
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      size="md"
      title={`Agent caps for “${apiKey.name}”`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Agent caps for ${apiKey.name}`}>
          Agent caps
        </Button>
      }
    >
      <DialogDescription className="text-sm text-muted-foreground">
        Limits for everything sent with this key, fee included: the API, batches and AI assistants through the MCP
        server alike. Leave a field empty for no limit.
      </DialogDescription>
      {!form ? (
        <p className="text-sm text-muted-foreground">{caps.isError ? 'We could not load the caps.' : 'Loading…'}</p>
      ) : (
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {AMOUNTS.map(([name, label]) => (
            <FormField
              key={name}
              id={`caps-${apiKey.id}-${name}`}
              label={`${label} (${form.currency})`}
              error={error?.field === name ? error.message : undefined}
            >
              <Input inputMode="decimal" autoComplete="off" {...field(name)} />
            </FormField>
          ))}
          <FormField id={`caps-${apiKey.id}-domains`} label="Recipient domains (any when empty)">
            <Input placeholder="acme.com, partner.example" autoComplete="off" {...field('domains')} />
          </FormField>
          <DialogActions>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save caps'}
            </Button>
          </DialogActions>
        </form>
      )}
    </DialogShell>
  );
}
