import {
  PLATFORM_RULE_KINDS,
  type PlatformRiskRule,
  PlatformRiskRuleBodySchema,
  RISK_ACTIONS,
  type RiskAction,
} from '@giftrelay/contracts';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Choice } from '@/components/ui/choice';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';
import { useCreatePlatformRule, useDeletePlatformRule, usePlatformRules } from '../api/platform-rules';

type PlatformKind = (typeof PLATFORM_RULE_KINDS)[number];
const KIND_LABELS: Record<PlatformKind, string> = {
  recipient_email: 'Recipient address',
  recipient_domain: 'Recipient domain',
};
const ACTION_LABELS: Record<RiskAction, string> = {
  hold: 'Hold for an operator’s review',
  block: 'Block',
};

/**
 * Operator area → Risk rules (decision 083): an address or a domain held or blocked for every
 * organisation. What a hold catches waits in the platform review queue for an operator.
 */
export function PlatformRulesSection() {
  const rules = usePlatformRules();
  return (
    <section aria-labelledby="platform-rules-heading" className="grid gap-6">
      <div className="max-w-prose">
        <h2 id="platform-rules-heading" className="text-lg font-semibold">
          Platform rules
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          They apply to every organisation, before its own rules and its allow list. A block refuses the order; a hold
          puts it in the platform review queue, where an operator releases or blocks it.
        </p>
      </div>
      <AddPlatformRule />
      <ListStates
        query={rules}
        loading={<ListSkeleton label="Loading the platform rules" rows={2} rowClassName="h-16 rounded-lg" />}
        errorTitle="We could not load the platform rules."
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState icon={ShieldAlert} title="No platform rules yet" />}
      >
        {(data) => (
          <ul aria-label="Platform rules" className="grid gap-3">
            {data.map((rule) => (
              <PlatformRuleItem key={rule.id} rule={rule} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function AddPlatformRule() {
  const id = useId();
  const [kind, setKind] = useState<PlatformKind>('recipient_email');
  const [value, setValue] = useState('');
  const [action, setAction] = useState<RiskAction>('block');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string; form?: string }>({});
  const create = useCreatePlatformRule();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = PlatformRiskRuleBodySchema.safeParse({
      kind,
      value,
      action,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        value: fields.has('value')
          ? kind === 'recipient_email'
            ? 'An email address, such as someone@example.com'
            : 'A domain name, such as example.com'
          : undefined,
        reason: fields.has('reason') ? 'At most 200 characters, without control characters' : undefined,
      });
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.message ? err.message : 'Please try again.' });
      return;
    }
    toast.success('Platform rule added', { description: `${parsed.data.value}: ${ACTION_LABELS[action]}` });
    setValue('');
    setReason('');
  };

  return (
    <form
      aria-label="Add a platform rule"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid max-w-2xl gap-4 rounded-xl border p-4 sm:grid-cols-2"
    >
      <Choice label="Rule on" value={kind} options={PLATFORM_RULE_KINDS} labels={KIND_LABELS} onChange={setKind} />
      <FormField
        id={`${id}-value`}
        label={kind === 'recipient_email' ? 'Email address' : 'Domain'}
        error={errors.value}
      >
        <Input
          {...fieldProps(`${id}-value`, errors.value)}
          value={value}
          placeholder={kind === 'recipient_email' ? 'someone@example.com' : 'example.com'}
          onChange={(e) => setValue(e.target.value)}
        />
      </FormField>
      <Choice
        label="When it matches"
        value={action}
        options={RISK_ACTIONS}
        labels={ACTION_LABELS}
        onChange={setAction}
      />
      <FormField id={`${id}-reason`} label="Reason shown to reviewers (optional)" error={errors.reason}>
        <Input
          {...fieldProps(`${id}-reason`, errors.reason)}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add platform rule'}
      </Button>
    </form>
  );
}

function PlatformRuleItem({ rule }: { rule: PlatformRiskRule }) {
  const remove = useDeletePlatformRule();
  const name = `${KIND_LABELS[rule.kind]} ${rule.value}`;
  return (
    <li
      aria-label={name}
      className="grid gap-3 rounded-lg border p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {rule.value}
          <Badge variant={rule.action === 'block' ? 'destructive' : 'outline'}>
            {rule.action === 'block' ? 'Blocks' : 'Holds for review'}
          </Badge>
        </p>
        <p className="text-muted-foreground">
          {KIND_LABELS[rule.kind]} · added {formatTimestamp(rule.created_at)}
          {rule.created_by_email && ` by ${rule.created_by_email}`}
        </p>
        {rule.reason && <p className="break-words">“{rule.reason}”</p>}
      </div>
      <ConfirmDialog
        trigger={
          <Button
            size="sm"
            variant="outline"
            aria-label={`Delete the platform rule ${name}`}
            disabled={remove.isPending}
          >
            Delete
          </Button>
        }
        title="Delete this platform rule?"
        description={`${name} is no longer checked in any organisation. Rewards it already held stay in review.`}
        confirmLabel="Delete rule"
        onConfirm={() =>
          remove.mutate(rule.id, {
            onSuccess: () => toast.success('Platform rule deleted', { description: rule.value }),
            onError: (err) => toast.error('Could not delete the rule', { description: err.message }),
          })
        }
      />
    </li>
  );
}
