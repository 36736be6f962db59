import { LEAD_LIMITS, type LeadTopic } from '@giftrelay/contracts/lead-basics';
import type { CreateLead } from '@giftrelay/contracts/leads';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { showToast } from '@/components/ui/lazy-toast';
import { ApiError } from '@/lib/api-client';
import { createLead } from '../api/create-lead';

/**
 * The form's checks are the API's own schema (CreateLeadSchema), loaded with zod on the first
 * focus in the form or the first check, not with the page (decision 052: /contact under 120 KB).
 * The form itself is plain React state: a form library cost the page 14 KB it could not spare.
 */
const loadSchema = () => import('@giftrelay/contracts/leads').then((m) => m.CreateLeadSchema);
let schemaLoading: ReturnType<typeof loadSchema> | undefined;
/** The schema; a failed load (a network error, a new deploy) is tried again on the next call. */
const schema = () => {
  schemaLoading ??= loadSchema().catch((error: unknown) => {
    schemaLoading = undefined;
    throw error;
  });
  return schemaLoading;
};

type FieldName = 'name' | 'email' | 'company' | 'topic' | 'message';
type Values = Record<FieldName, string> & { plan?: CreateLead['plan'] };
type Errors = Partial<Record<FieldName | 'root', string>>;
const FIELD_ORDER: FieldName[] = ['name', 'email', 'company', 'topic', 'message'];

/** Checks the values with the API's schema: the parsed lead, or the first message per field. */
async function check(values: Values): Promise<{ lead: CreateLead; errors?: undefined } | { errors: Errors }> {
  const parsed = (await schema()).safeParse(values);
  if (parsed.success) return { lead: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    if (FIELD_ORDER.includes(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

const TOPICS: { value: LeadTopic; label: string }[] = [
  { value: 'sales', label: 'Sales and pricing' },
  { value: 'support', label: 'Help with my account' },
  { value: 'partnership', label: 'Partnerships' },
  { value: 'other', label: 'Something else' },
];

const EMPTY: Values = { name: '', email: '', company: '', topic: 'sales', message: '' };

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
  error?: string;
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
          {error}
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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // Like the sign-in forms: checked on submit, then again on every change once a check failed.
  const submitted = useRef(false);
  const busy = useRef(false);
  // Checks on change are asynchronous (the schema loads once): only the latest one may show its
  // errors, and none started before a submit or a reset.
  const latestCheck = useRef(0);
  const checkOnChange = async (next: Values) => {
    const seq = ++latestCheck.current;
    const result = await check(next).catch(() => undefined);
    if (result && seq === latestCheck.current) {
      // The server's message stays until the next submit, as the form's own errors change.
      setErrors((shown) => ({ ...result.errors, root: shown.root }));
    }
  };
  const formRef = useRef<HTMLFormElement>(null);

  // Links from the pricing page and the footer choose the topic (and plan) in the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL the page opened with.
  useEffect(() => {
    const topic = TOPICS.find((t) => t.value === searchParams.get('topic'))?.value;
    const plan = searchParams.get('plan') === 'enterprise' ? 'enterprise' : undefined;
    if (topic || plan) setValues((v) => ({ ...v, topic: topic ?? v.topic, plan }));
  }, []);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted.current) void checkOnChange(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One submit at a time: the first may wait for the schema, then for the server.
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await submit();
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const submit = async () => {
    submitted.current = true;
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(values);
    } catch {
      setErrors({ root: 'The form could not be checked. Check your connection and try again.' });
      void showToast((toast) => toast.error('Error', { description: 'Please try again.' }));
      return;
    }
    latestCheck.current++;
    const { errors: found } = result;
    if (found) {
      setErrors(found);
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      await createLead({ ...result.lead, company: result.lead.company || undefined });
      void showToast((toast) => toast.success('Success!', { description: "We'll be in touch soon." }));
      setSentTo(result.lead.email);
      submitted.current = false;
      latestCheck.current++;
      setErrors({});
      setValues({ ...EMPTY, topic: values.topic, plan: values.plan });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'VALIDATION_ERROR' || err.code === 'RATE_LIMITED')) {
        setErrors({ root: err.message });
      }
      void showToast((toast) => toast.error('Error', { description: 'Please try again.' }));
    }
  };

  const describedBy = (name: FieldName) => (errors[name] ? `${id}-${name}-error` : undefined);
  const field = (name: FieldName) => ({
    name,
    value: values[name],
    onChange,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(name),
    className: inputClass,
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void schema().catch(() => undefined)}
      noValidate
      className="space-y-5"
      aria-describedby={errors.root ? `${id}-root` : undefined}
    >
      {values.plan === 'enterprise' && (
        <p className="rounded-md bg-secondary px-4 py-3 text-sm text-secondary-foreground">
          About the Enterprise plan: volume pricing under 2%, Net-30 or Net-60 invoicing and a named account manager.
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input id={`${id}-name`} autoComplete="name" maxLength={LEAD_LIMITS.name} {...field('name')} />
        </Field>
        <Field id={`${id}-email`} label="Work email" error={errors.email}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={LEAD_LIMITS.email}
            {...field('email')}
          />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-company`} label="Company" hint="(optional)" error={errors.company}>
          <input
            id={`${id}-company`}
            autoComplete="organization"
            maxLength={LEAD_LIMITS.company}
            {...field('company')}
          />
        </Field>
        <Field id={`${id}-topic`} label="What is it about?" error={errors.topic}>
          <select id={`${id}-topic`} {...field('topic')}>
            {TOPICS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${id}-message`} label="Message" error={errors.message}>
        <textarea id={`${id}-message`} rows={6} maxLength={LEAD_LIMITS.message} {...field('message')} />
      </Field>
      {errors.root && (
        <p id={`${id}-root`} role="alert" className="text-sm text-destructive">
          {errors.root}
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
