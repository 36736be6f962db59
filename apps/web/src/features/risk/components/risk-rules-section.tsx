import { RISK_RULES_MAX, type RiskRule } from '@giftrelay/contracts';
import { Plus, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, ListSkeleton, ListStates } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { useDeleteRiskRule, useRiskRules } from '../api/risk-rules';
import { actionLabel, describeRule, RULE_KIND_LABELS } from '../utils/rule-form';
import { RuleDialog } from './rule-dialog';

/**
 * Settings → Risk (decision 083): the organisation's rules that hold a reward for review or block
 * it, with what each catches; add, edit and delete. Owners and admins only (the route says so to
 * anyone else).
 */
export function RiskRulesSection() {
  const rules = useRiskRules();
  const isFull = (rules.data?.length ?? 0) >= RISK_RULES_MAX;
  return (
    <section aria-labelledby="risk-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="risk-heading" className="text-lg font-semibold">
            Risk rules
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Rules check every reward, from the API, the send dialog and batches alike. A held reward waits in{' '}
            <Link to={paths.review}>Review</Link> with its amount held until an owner or admin releases or blocks it; a
            blocked order is refused and nothing is charged.
          </p>
        </div>
        {!isFull && (
          <RuleDialog
            trigger={
              <Button>
                <Plus aria-hidden className="size-4" />
                Add rule
              </Button>
            }
          />
        )}
      </div>
      {isFull && (
        <p role="note" className="rounded-lg border bg-muted p-3 text-sm">
          An organisation can have {RISK_RULES_MAX} rules: delete one to add another.
        </p>
      )}
      <ListStates
        query={rules}
        loading={<ListSkeleton label="Loading the risk rules" rows={3} rowClassName="h-20 rounded-lg" />}
        errorTitle="We could not load the risk rules."
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState icon={ShieldAlert} title="No risk rules yet">
            <p className="max-w-sm text-sm text-muted-foreground">
              Without rules every reward goes out as soon as it is sent. Add one to hold rewards to unknown domains,
              large amounts or repeat recipients for a person to check.
            </p>
          </EmptyState>
        }
      >
        {(data) => (
          <ul aria-label="Risk rules" className="grid gap-3">
            {data.map((rule) => (
              <RuleItem key={rule.id} rule={rule} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function RuleItem({ rule }: { rule: RiskRule }) {
  const remove = useDeleteRiskRule();
  const name = RULE_KIND_LABELS[rule.kind];
  const does = actionLabel(rule);
  return (
    <li
      aria-label={name}
      className="grid gap-3 rounded-lg border p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          <Badge variant={rule.action === 'block' && does !== 'Allows' ? 'destructive' : 'outline'}>{does}</Badge>
        </p>
        <p className="break-words text-muted-foreground">{describeRule(rule)}</p>
        {rule.reason && <p className="break-words">“{rule.reason}”</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <RuleDialog
          rule={rule}
          trigger={
            <Button size="sm" variant="outline" aria-label={`Edit the rule ${name}`}>
              Edit
            </Button>
          }
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" aria-label={`Delete the rule ${name}`} disabled={remove.isPending}>
              Delete
            </Button>
          }
          title="Delete this rule?"
          description={`${name}: ${describeRule(rule)}. Rewards already held stay in Review; new ones are no longer checked against it.`}
          confirmLabel="Delete rule"
          onConfirm={() =>
            remove.mutate(rule.id, {
              onSuccess: () => toast.success('Risk rule deleted', { description: name }),
              onError: (err) => toast.error('Could not delete the rule', { description: err.message }),
            })
          }
        />
      </div>
    </li>
  );
}
