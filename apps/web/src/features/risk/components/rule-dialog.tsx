import {
  CLAIM_RULE_KINDS,
  CURRENCY_CODES,
  RISK_ACTIONS,
  RISK_LIST_MAX,
  type RiskAction,
  type RiskRule,
} from '@giftrelay/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Choice } from '@/components/ui/choice';
import { DialogActions, DialogDescription, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveRiskRule } from '../api/risk-rules';
import {
  CURRENCY_LABELS,
  emptyRuleForm,
  formOfRule,
  RULE_KIND_LABELS,
  RULE_KIND_ORDER,
  RULE_KINDS,
  type RuleErrors,
  type RuleForm,
  readRuleForm,
} from '../utils/rule-form';

const ACTION_LABELS: Record<RiskAction, string> = { hold: 'Hold for review', block: 'Block' };
const MATCH_LABELS = { deny: 'Catch these domains', allow: 'Catch every domain but these' } as const;
const LIST_LABELS = { flag: 'Flag these addresses', allow: 'Allow these addresses' } as const;
const TEXTAREA_CLASS = 'w-full rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive';

/**
 * Adds a risk rule, or edits one (`rule`): the kind (fixed once saved, as the API wants), what it
 * needs, what it does when it matches, and a reason the people who decide will read.
 */
export function RuleDialog({ rule, trigger }: { rule?: RiskRule; trigger: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<RuleForm>(() => (rule ? formOfRule(rule) : emptyRuleForm()));
  const [errors, setErrors] = useState<RuleErrors>({});
  const save = useSaveRiskRule();
  const set = (changes: Partial<RuleForm>) => setForm((f) => ({ ...f, ...changes }));
  const isClaimKind = CLAIM_RULE_KINDS.includes(form.kind);
  const isAllowList = form.kind === 'recipient_list' && form.list === 'allow';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const read = readRuleForm(form);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: rule?.id, body: read.body });
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.message ? err.message : 'Please try again.' });
      return;
    }
    toast.success(rule ? 'Risk rule saved' : 'Risk rule added', {
      description: 'It applies to rewards sent and claimed from now on.',
    });
    setOpen(false);
    if (!rule) setForm(emptyRuleForm());
  };

  const field = (
    key: keyof RuleErrors,
    label: string,
    control: (props: ReturnType<typeof fieldProps>) => ReactNode,
    hint?: string,
  ) => {
    const fid = `${id}-${key}`;
    const props = fieldProps(fid, errors[key]);
    return (
      <FormField id={fid} label={label} error={errors[key]}>
        {control(
          hint
            ? { ...props, 'aria-describedby': [props['aria-describedby'], `${fid}-hint`].filter(Boolean).join(' ') }
            : props,
        )}
        {hint && (
          <p id={`${fid}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </FormField>
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setErrors({});
          setForm(rule ? formOfRule(rule) : emptyRuleForm());
        }
      }}
      title={rule ? `Edit the rule: ${RULE_KIND_LABELS[rule.kind]}` : 'Add a risk rule'}
      trigger={trigger}
    >
      <DialogDescription className="text-sm text-muted-foreground">
        A rule holds a reward for an owner or admin to release or block in Review, or blocks it outright.
      </DialogDescription>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Risk rule">
        <Choice
          label="Kind of rule"
          value={form.kind}
          options={RULE_KIND_ORDER}
          labels={RULE_KIND_LABELS}
          disabled={Boolean(rule)}
          onChange={(kind) => {
            setErrors({});
            set({ ...emptyRuleForm(kind, form.currency), action: form.action, reason: form.reason });
          }}
        />
        <p className="-mt-2 text-sm text-muted-foreground" data-testid="rule-explains">
          {RULE_KINDS[form.kind].explains}
        </p>

        {form.kind === 'recipient_domain' && (
          <Choice
            label="Which domains"
            value={form.match}
            options={['deny', 'allow'] as const}
            labels={MATCH_LABELS}
            onChange={(match) => set({ match })}
          />
        )}
        {form.kind === 'recipient_list' && (
          <Choice
            label="What the list does"
            value={form.list}
            options={['flag', 'allow'] as const}
            labels={LIST_LABELS}
            onChange={(list) => set({ list })}
          />
        )}
        {(form.kind === 'recipient_domain' || form.kind === 'recipient_list') &&
          field(
            'entries',
            form.kind === 'recipient_domain' ? 'Domains' : 'Email addresses',
            (p) => (
              <textarea
                {...p}
                rows={4}
                className={TEXTAREA_CLASS}
                value={form.entries}
                onChange={(e) => set({ entries: e.target.value })}
              />
            ),
            `One a line, such as ${form.kind === 'recipient_domain' ? 'example.com' : 'someone@example.com'}; at most ${RISK_LIST_MAX}.`,
          )}
        {(form.kind === 'recipient_velocity' || form.kind === 'claims_per_address') && (
          <div className="grid gap-4 sm:grid-cols-2">
            {field('count', form.kind === 'recipient_velocity' ? 'More than (rewards)' : 'More than (claims)', (p) => (
              <Input {...p} inputMode="numeric" value={form.count} onChange={(e) => set({ count: e.target.value })} />
            ))}
            {field('periodDays', 'In (days)', (p) => (
              <Input
                {...p}
                inputMode="numeric"
                value={form.periodDays}
                onChange={(e) => set({ periodDays: e.target.value })}
              />
            ))}
          </div>
        )}
        {(form.kind === 'amount_above' || form.kind === 'daily_total_above') && (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            {field('amount', form.kind === 'amount_above' ? 'Above (face value)' : 'Above (the day’s total)', (p) => (
              <Input
                {...p}
                inputMode="decimal"
                placeholder="250"
                value={form.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            ))}
            <Choice
              label="Currency"
              value={form.currency}
              options={CURRENCY_CODES}
              labels={CURRENCY_LABELS}
              onChange={(currency) => set({ currency })}
            />
          </div>
        )}

        {!isAllowList && (
          <>
            <Choice
              label="When it matches"
              value={form.action}
              options={RISK_ACTIONS}
              labels={ACTION_LABELS}
              onChange={(action) => set({ action })}
            />
            <p className="-mt-2 text-xs text-muted-foreground">
              {isClaimKind
                ? 'At the claim the reward is already sent, so a block holds it too: the code stays hidden until someone decides.'
                : form.action === 'block'
                  ? 'The order is refused when it is placed: nothing is sent or charged.'
                  : 'The order waits in Review with its amount held; the recipient hears nothing until it is released.'}
            </p>
          </>
        )}
        {field('reason', 'Reason shown to reviewers (optional)', (p) => (
          <Input {...p} maxLength={200} value={form.reason} onChange={(e) => set({ reason: e.target.value })} />
        ))}
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <DialogActions>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : rule ? 'Save rule' : 'Add rule'}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}
