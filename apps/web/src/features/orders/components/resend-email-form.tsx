import { Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useResendOrder } from '../api/resend-order';
import { type Problem, resendProblem } from '../utils/history';

interface ResendEmailFormProps {
  orderId: string;
  currentEmail: string;
}

/** Sends the reward email again, to the address on the order or to a corrected one. */
export function ResendEmailForm({ orderId, currentEmail }: ResendEmailFormProps) {
  const id = useId();
  const [email, setEmail] = useState(currentEmail);
  const [problem, setProblem] = useState<Problem>();
  const resend = useResendOrder(orderId);
  const problemId = `${id}-problem`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (resend.isPending) return;
    const to = email.trim();
    if (!to) {
      setProblem({ title: 'Check the email address', description: 'Enter the address to send the reward email to.' });
      return;
    }
    setProblem(undefined);
    const isSameAddress = to.toLowerCase() === currentEmail.toLowerCase();
    try {
      const answer = await resend.mutateAsync(isSameAddress ? {} : { email: to });
      toast.success('Email resent', { description: `The reward email is on its way to ${answer.recipient_email}.` });
    } catch (err) {
      setProblem(resendProblem(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Resend email">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Send to</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          maxLength={255}
          onChange={(event) => {
            setEmail(event.target.value);
            if (problem) setProblem(undefined);
          }}
          aria-invalid={problem?.title === 'Check the email address' || undefined}
          aria-describedby={`${id}-hint${problem ? ` ${problemId}` : ''}`}
          readOnly={resend.isPending}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          The same claim links are emailed again. A corrected address becomes the order’s recipient and gets new links
          (the old ones stop working); it cannot be changed once a reward has been opened.
        </p>
      </div>
      {problem && (
        <div id={problemId} role="alert" className="rounded-md border border-destructive/50 px-3 py-2 text-sm">
          <p className="font-medium text-destructive">{problem.title}</p>
          <p className="text-muted-foreground">{problem.description}</p>
        </div>
      )}
      <div>
        <Button type="submit" aria-disabled={resend.isPending} className="aria-disabled:opacity-60">
          <Mail aria-hidden className="size-4" />
          {resend.isPending ? 'Resending…' : 'Resend email'}
        </Button>
      </div>
    </form>
  );
}
