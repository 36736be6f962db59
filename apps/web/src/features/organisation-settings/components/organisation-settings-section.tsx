import { DEFAULT_BRAND_COLOUR, type OrganisationSettings, VOID_NOTICE_DAYS } from '@giftrelay/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton, ListStates } from '@/components/ui/list-states';
import { updateSessionUser } from '@/lib/auth/session';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/utils';
import { useOrganisationSettings } from '../api/get-organisation-settings';
import { useUpdateOrganisationSettings } from '../api/update-organisation-settings';
import { formValuesOf, type SettingsFormValues, settingsFormSchema, toUpdate } from '../utils/settings-form';
import { EmailHeaderPreview } from './email-header-preview';
import { LogoField } from './logo-field';
import { OwnerTwoFactorPolicy } from './owner-two-factor-policy';

/** Settings → Organisation: what recipients see of the sender, the default message, the low-balance threshold. */
export function OrganisationSettingsSection() {
  const settings = useOrganisationSettings();
  return (
    <section aria-labelledby="organisation-heading" className="grid gap-4">
      <div className="max-w-prose">
        <h2 id="organisation-heading" className="text-lg font-semibold">
          Organisation
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          How your rewards look to the people who get them. Changes apply to the next email sent.
        </p>
      </div>
      <ListStates
        query={settings}
        loading={<ListSkeleton label="Loading organisation settings" rows={3} className="grid gap-3" />}
        errorTitle="We could not load your organisation’s settings."
      >
        {(data) => (
          <>
            <SettingsForm key={data.id} settings={data} />
            <OwnerTwoFactorPolicy settings={data} />
          </>
        )}
      </ListStates>
    </section>
  );
}

function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const id = useId();
  const session = useSession();
  const currency = settings.billing_currency;
  const schema = useMemo(() => settingsFormSchema(currency), [currency]);
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(schema), defaultValues: formValuesOf(settings) });
  const update = useUpdateOrganisationSettings();
  const values = useWatch({ control: form.control }) as SettingsFormValues;
  const errors = form.formState.errors;
  const readOnly = !settings.can_edit;

  const submit = form.handleSubmit((v) =>
    update.mutate(toUpdate(v, currency), {
      onSuccess: (saved) => {
        toast.success('Settings saved', { description: 'Changes apply to the next email sent.' });
        form.reset(formValuesOf(saved));
        if (session.status === 'signed-in' && session.user.organisation.name !== saved.name) {
          updateSessionUser({ ...session.user, organisation: { ...session.user.organisation, name: saved.name } });
        }
      },
      onError: (err) => toast.error('Error', { description: err.message || 'Please try again.' }),
    }),
  );
  const f = (name: keyof SettingsFormValues) => `${id}-${name}`;
  const colour = values.brandColour || DEFAULT_BRAND_COLOUR;
  const sender = values.senderName?.trim() || values.name?.trim() || settings.name;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Organisation settings">
        {readOnly && (
          <p role="note" className="rounded-lg border bg-muted p-3 text-sm">
            Only owners and admins can change these settings.
          </p>
        )}
        <fieldset disabled={readOnly} className="grid gap-5">
          <FormField id={f('name')} label="Organisation name" error={errors.name?.message}>
            <Input
              {...fieldProps(f('name'), errors.name?.message)}
              autoComplete="organization"
              {...form.register('name')}
            />
          </FormField>
          <FormField id={f('senderName')} label="Sender name" error={errors.senderName?.message}>
            <Input
              {...fieldProps(f('senderName'), errors.senderName?.message)}
              placeholder={settings.name}
              aria-describedby={`${f('senderName')}-hint`}
              {...form.register('senderName')}
            />
          </FormField>
          <p id={`${f('senderName')}-hint`} className="-mt-3 text-xs text-muted-foreground">
            Emails come from “{sender} via GiftRelay”. Empty: your organisation’s name.
          </p>
          <FormField id={f('replyTo')} label="Reply-to address" error={errors.replyTo?.message}>
            <Input
              {...fieldProps(f('replyTo'), errors.replyTo?.message)}
              type="email"
              placeholder="people@example.com"
              {...form.register('replyTo')}
            />
          </FormField>
          <FormField id={f('brandColour')} label="Brand colour" error={errors.brandColour?.message}>
            <div className="flex flex-wrap items-center gap-2">
              <input
                type="color"
                aria-label="Pick the brand colour"
                value={/^#[0-9a-fA-F]{6}$/.test(colour) ? colour.toLowerCase() : DEFAULT_BRAND_COLOUR}
                onChange={(e) =>
                  form.setValue('brandColour', e.target.value, { shouldDirty: true, shouldValidate: true })
                }
                className="h-10 w-14 cursor-pointer rounded-md border bg-background p-1"
              />
              <Input
                {...fieldProps(f('brandColour'), errors.brandColour?.message)}
                className="w-32 font-mono"
                placeholder={DEFAULT_BRAND_COLOUR}
                maxLength={7}
                {...form.register('brandColour')}
              />
              {values.brandColour && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => form.setValue('brandColour', '', { shouldDirty: true })}
                >
                  Use GiftRelay’s colour
                </Button>
              )}
            </div>
          </FormField>
          <FormField id={f('defaultMessage')} label="Default gift message" error={errors.defaultMessage?.message}>
            <textarea
              {...fieldProps(f('defaultMessage'), errors.defaultMessage?.message)}
              rows={3}
              className="w-full rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive"
              placeholder="Thank you for all you do!"
              {...form.register('defaultMessage')}
            />
          </FormField>
          <FormField
            id={f('lowBalanceThreshold')}
            label={`Low-balance alert (${currency})`}
            error={errors.lowBalanceThreshold?.message}
          >
            <Input
              {...fieldProps(f('lowBalanceThreshold'), errors.lowBalanceThreshold?.message)}
              inputMode="decimal"
              placeholder="No alert"
              {...form.register('lowBalanceThreshold')}
            />
          </FormField>
          <DaysField
            id={f('reminderDays')}
            label="Remind about unopened rewards after (days)"
            error={errors.reminderDays?.message}
            hint="The recipient gets the claim links again, and once more after twice as many days. Empty: no reminders."
            {...form.register('reminderDays')}
          />
          <DaysField
            id={f('voidAfterDays')}
            label="Void unopened rewards after (days)"
            error={errors.voidAfterDays?.message}
            hint={`Recipients are told ${VOID_NOTICE_DAYS} days before; what the provider cancels comes back to your balance. Empty: never.`}
            {...form.register('voidAfterDays')}
          />
          <DaysField
            id={f('expiryDays')}
            label="Rewards expire after (days)"
            error={errors.expiryDays?.message}
            hint={`Counted from sending, unless an order sets its own. Recipients are told ${VOID_NOTICE_DAYS} days before; unopened rewards the provider cancels come back to your balance. Empty: never.`}
            {...form.register('expiryDays')}
          />
        </fieldset>
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" aria-disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save settings'}
            </Button>
            <Button type="button" variant="outline" disabled={!form.formState.isDirty} onClick={() => form.reset()}>
              Discard changes
            </Button>
          </div>
        )}
        <LogoField settings={settings} disabled={readOnly} />
      </form>
      <EmailHeaderPreview sender={sender} colour={colour} logoUrl={settings.logo?.url ?? null} />
    </div>
  );
}

/** A number of days, or empty for never, with what it does said under it. */
function DaysField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint: string } & UseFormRegisterReturn) {
  return (
    <>
      <FormField id={id} label={label} error={error}>
        <Input
          {...fieldProps(id, error)}
          inputMode="numeric"
          placeholder="Never"
          aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
          {...input}
        />
      </FormField>
      <p id={`${id}-hint`} className="-mt-3 text-xs text-muted-foreground">
        {hint}
      </p>
    </>
  );
}
