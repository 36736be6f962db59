import { CHOICE_SET_NAME_MAX, type ChoiceSet, type CreateChoiceSetBody } from '@giftrelay/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveChoiceSet } from '../api/save-choice-set';
import { type PickedProduct, ProductMultiPicker } from './product-multi-picker';
import { type RuleDraft, RuleFields } from './rule-fields';

type Kind = 'products' | 'rule';

/** The field an API refusal names (`body.rule` → rule), so its message sits under that field. */
function fieldOf(err: ApiError): 'name' | 'products' | 'rule' | undefined {
  const path = err.details[0]?.path ?? '';
  if (path.startsWith('body.name')) return 'name';
  if (path.startsWith('body.product_codes') || err.code === 'CHOICE_EMPTY') return 'products';
  if (path.startsWith('body.rule')) return 'rule';
  return undefined;
}

/**
 * A choice set made or changed: a name, and either cards picked from the catalogue or a rule
 * (category, country, currency) resolved when a reward is sent.
 */
export function ChoiceSetDialog({
  set,
  open,
  onOpenChange,
}: {
  /** The set to edit; none to make a new one. */
  set?: ChoiceSet;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={set ? `Edit ${set.name}` : 'New choice set'}>
      {/* Opened again, the form starts from the set as it is now. */}
      {open && <ChoiceSetForm set={set} onDone={() => onOpenChange(false)} />}
    </DialogShell>
  );
}

function ChoiceSetForm({ set, onDone }: { set?: ChoiceSet; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(set?.name ?? '');
  const [kind, setKind] = useState<Kind>(set?.rule ? 'rule' : 'products');
  const [products, setProducts] = useState<PickedProduct[]>(() => (set?.product_codes ?? []).map((code) => ({ code })));
  const [rule, setRule] = useState<RuleDraft>(() => ({ ...set?.rule }));
  const [errors, setErrors] = useState<Partial<Record<'name' | 'products' | 'rule' | 'form', string>>>({});
  const save = useSaveChoiceSet(set?.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!name.trim()) problems.name = 'Give the set a name';
    if (kind === 'products' && !products.length) problems.products = 'Choose at least one card';
    if (kind === 'rule' && !rule.category && !rule.country && !rule.currency)
      problems.rule = 'Choose at least one of category, country or currency';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body: CreateChoiceSetBody =
      kind === 'products'
        ? { name: name.trim(), product_codes: products.map((p) => p.code) }
        : { name: name.trim(), rule: Object.fromEntries(Object.entries(rule).filter(([, v]) => v)) };
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(set ? 'Choice set saved' : 'Choice set created', { description: saved.name });
        onDone();
      },
      onError: (err) => {
        const field = err instanceof ApiError ? fieldOf(err) : undefined;
        setErrors({ [field ?? 'form']: err.message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          {...fieldProps(`${id}-name`, errors.name)}
          value={name}
          maxLength={CHOICE_SET_NAME_MAX}
          placeholder="Coffee and books"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">The cards on offer</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-kind`} checked={kind === 'products'} onChange={() => setKind('products')} />
          <span>Cards I pick</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-kind`} checked={kind === 'rule'} onChange={() => setKind('rule')} />
          <span>A rule: every card of a category, country or currency</span>
        </label>
      </fieldset>
      {kind === 'products' ? (
        <ProductMultiPicker value={products} onChange={setProducts} error={errors.products} />
      ) : (
        <RuleFields value={rule} onChange={setRule} error={errors.rule} />
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogActions>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : set ? 'Save changes' : 'Create choice set'}
        </Button>
      </DialogActions>
    </form>
  );
}
