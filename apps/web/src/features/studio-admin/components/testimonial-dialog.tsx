import { CreateTestimonialBodySchema, TESTIMONIAL_LIMITS, type Testimonial } from '@giftrelay/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogShell } from '@/components/ui/dialog-shell';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldErrors } from '@/lib/field-errors';
import { useCreateTestimonial, useUpdateTestimonial } from '../api/testimonials';

type Field = 'quote' | 'author_name' | 'role' | 'company';
const FIELDS: Field[] = ['quote', 'author_name', 'role', 'company'];
const EMPTY: Record<Field, string> = { quote: '', author_name: '', role: '', company: '' };

/** Adds a testimonial (pending until approved), or edits one when `testimonial` is given. */
export function TestimonialDialog({ testimonial, trigger }: { testimonial?: Testimonial; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={testimonial ? 'Edit testimonial' : 'Add a testimonial'}
    >
      {open && <TestimonialForm testimonial={testimonial} onDone={() => setOpen(false)} />}
    </DialogShell>
  );
}

function TestimonialForm({ testimonial, onDone }: { testimonial?: Testimonial; onDone: () => void }) {
  const id = useId();
  const f = (name: Field) => `${id}-${name}`;
  const [values, setValues] = useState<Record<Field, string>>(testimonial ? pick(testimonial) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const isPending = create.isPending || update.isPending;
  const set = (name: Field, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const parsed = CreateTestimonialBodySchema.safeParse(values);
    if (!parsed.success) {
      const { errors: found, first } = fieldErrors(parsed.error.issues, FIELDS);
      setErrors(found);
      if (first) document.getElementById(f(first))?.focus();
      return;
    }
    const onError = (err: Error) => toast.error('Error', { description: err.message || 'Please try again.' });
    if (testimonial) {
      update.mutate(
        { id: testimonial.id, changes: parsed.data },
        {
          onSuccess: () => {
            toast.success('Testimonial saved');
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: () => {
          toast.success('Testimonial added', { description: 'It is pending until you approve it.' });
          onDone();
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Testimonial" className="grid gap-4">
      <FormField id={f('quote')} label="Quote" error={errors.quote}>
        <textarea
          {...fieldProps(f('quote'), errors.quote)}
          rows={4}
          maxLength={TESTIMONIAL_LIMITS.quote}
          value={values.quote}
          onChange={(e) => set('quote', e.target.value)}
          className="min-h-24 w-full rounded-md border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground aria-invalid:border-destructive"
        />
      </FormField>
      <FormField id={f('author_name')} label="Author’s name" error={errors.author_name}>
        <Input
          {...fieldProps(f('author_name'), errors.author_name)}
          autoComplete="off"
          maxLength={TESTIMONIAL_LIMITS.authorName}
          value={values.author_name}
          onChange={(e) => set('author_name', e.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={f('role')} label="Role" error={errors.role}>
          <Input
            {...fieldProps(f('role'), errors.role)}
            autoComplete="off"
            maxLength={TESTIMONIAL_LIMITS.role}
            value={values.role}
            onChange={(e) => set('role', e.target.value)}
          />
        </FormField>
        <FormField id={f('company')} label="Company" error={errors.company}>
          <Input
            {...fieldProps(f('company'), errors.company)}
            autoComplete="off"
            maxLength={TESTIMONIAL_LIMITS.company}
            value={values.company}
            onChange={(e) => set('company', e.target.value)}
          />
        </FormField>
      </div>
      <DialogActions>
        <Button type="submit" aria-disabled={isPending}>
          {isPending ? 'Saving...' : testimonial ? 'Save changes' : 'Add testimonial'}
        </Button>
      </DialogActions>
    </form>
  );
}

const pick = (t: Testimonial): Record<Field, string> => ({
  quote: t.quote,
  author_name: t.author_name,
  role: t.role,
  company: t.company,
});
