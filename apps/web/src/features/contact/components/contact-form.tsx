import { LEAD_LIMITS, type LeadTopic } from '@giftrelay/contracts/lead-basics';
import type { CreateLead } from '@giftrelay/contracts/leads';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldError, type Resolver, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { showToast } from '@/components/ui/lazy-toast';
import { ApiError } from '@/lib/api-client';
import { createLead } from '../api/create-lead';

/**
 * The form's checks are the API's own schema (CreateLeadSchema), loaded with zod on the first
 * focus in the form or the first check, not with the page (decision 052: /contact under 120 KB).
 */
const loadResolver = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('@giftrelay/contracts/leads')]).then(
    ([{ zodResolver }, { CreateLeadSchema }]) => zodResolver(CreateLeadSchema),
  );
let resolverLoading: ReturnType<typeof loadResolver> | undefined;
const schemaResolver = () => {
  resolverLoading ??= loadResolver();
  return resolverLoading;
};
const resolver: Resolver<CreateLead> = async (values, context, options) =>
  (await schemaResolver())(values, context, options) as ReturnType<Resolver<CreateLead>>;

const TOPICS: { value: LeadTopic; label: string }[] = [
  { value: 'sales', label: 'Sales and pricing' },
  { value: 'support', label: 'Help with my account' },
  { value: 'partnership', label: 'Partnerships' },
  { value: 'other', label: 'Something else' },
];

const EMPTY: CreateLead = { name: '', email: '', company: '', topic: 'sales', message: '' };

const inputClass =
  'mt-1.5 block w-full rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive';

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {hint && <span className="font-normal text-muted-foreground"> {hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The contact form: validated here and on the server, stored as a lead, answered by a person. */
export function ContactForm() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const [sentTo, setSentTo] = useState<string>();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<CreateLead>({ resolver, defaultValues: EMPTY });

  // Links from the pricing page and the footer choose the topic (and plan) in the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL the page opened with.
  useEffect(() => {
    const topic = searchParams.get('topic');
    if (TOPICS.some((t) => t.value === topic)) setValue('topic', topic as LeadTopic);
    if (searchParams.get('plan') === 'enterprise') setValue('plan', 'enterprise');
  }, []);
  const plan = watch('plan');

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    try {
      await createLead({ ...values, company: values.company || undefined });
      void showToast((toast) => toast.success('Success!', { description: "We'll be in touch soon." }));
      setSentTo(values.email);
      reset({ ...EMPTY, topic: values.topic, plan: values.plan });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'VALIDATION_ERROR' || err.code === 'RATE_LIMITED')) {
        setError('root', { message: err.message });
      }
      void showToast((toast) => toast.error('Error', { description: 'Please try again.' }));
    } finally {
      setPending(false);
    }
  });

  const describedBy = (name: keyof CreateLead) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void schemaResolver()}
      noValidate
      className="space-y-5"
      aria-describedby={errors.root ? `${id}-root` : undefined}
    >
      {plan === 'enterprise' && (
        <p className="rounded-md bg-secondary px-4 py-3 text-sm text-secondary-foreground">
          About the Enterprise plan: volume pricing under 2%, Net-30 or Net-60 invoicing and a named account manager.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input
            id={`${id}-name`}
            autoComplete="name"
            maxLength={LEAD_LIMITS.name}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
            className={inputClass}
            {...register('name')}
          />
        </Field>
        <Field id={`${id}-email`} label="Work email" error={errors.email}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={LEAD_LIMITS.email}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
            className={inputClass}
            {...register('email')}
          />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-company`} label="Company" hint="(optional)" error={errors.company}>
          <input
            id={`${id}-company`}
            autoComplete="organization"
            maxLength={LEAD_LIMITS.company}
            aria-invalid={Boolean(errors.company)}
            aria-describedby={describedBy('company')}
            className={inputClass}
            {...register('company')}
          />
        </Field>
        <Field id={`${id}-topic`} label="What is it about?" error={errors.topic}>
          <select id={`${id}-topic`} className={inputClass} {...register('topic')}>
            {TOPICS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${id}-message`} label="Message" error={errors.message}>
        <textarea
          id={`${id}-message`}
          rows={6}
          maxLength={LEAD_LIMITS.message}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('message')}
          className={inputClass}
          {...register('message')}
        />
      </Field>
      {errors.root && (
        <p id={`${id}-root`} role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <button type="submit" className={buttonVariants({ size: 'lg' })} disabled={pending}>
        {pending ? 'Sending...' : 'Send message'}
      </button>
      <p role="status" className="text-sm text-muted-foreground">
        {sentTo ? `Thanks! We received your message and will reply to ${sentTo}.` : ''}
      </p>
    </form>
  );
}
