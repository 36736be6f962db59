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
  /** Null for an order sent by text only (decision 088). */
  currentEmail: string | null;
  currentPhone: string | null;
}

const CHECK_EMAIL = 'Check the email address';
const CHECK_PHONE = 'Check the mobile number';

/**
 * Sends the claim links again: emailed to the address on the order or a corrected one, and texted
 * to its number or a corrected one (decision 088); an order by text only is texted only.
 */
export function ResendEmailForm({ orderId, currentEmail, currentPhone }: ResendEmailFormProps) {
  const id = useId();
  const [email, setEmail] = useState(currentEmail ?? '');
  const [phone, setPhone] = useState(currentPhone ?? '');
  const [problem, setProblem] = useState<Problem>();
  const resend = useResendOrder(orderId);
  const problemId = `${id}-problem`;
  const byText = currentEmail === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (resend.isPending) return;
    const to = email.trim();
    const number = phone.trim();
    if (currentEmail !== null && !to) {
      setProblem({ title: CHECK_EMAIL, description: 'Enter the address to send the reward email to.' });
      return;
    }
    if (currentPhone !== null && !number) {
      setProblem({ title: CHECK_PHONE, description: 'Enter the mobile number to text the claim link to.' });
      return;
    }
    setProblem(undefined);
    const body = {
      ...(currentEmail !== null && to.toLowerCase() !== currentEmail.toLowerCase() ? { email: to } : {}),
      ...(currentPhone !== null && number !== currentPhone ? { phone: number } : {}),
    };
    try {
      const answer = await resend.mutateAsync(body);
      const texted = answer.recipient_phone ? `The claim link is texted to ${answer.recipient_phone}` : '';
      toast.success(byText ? 'Text resent' : 'Email resent', {
        description: answer.recipient_email
          ? `The reward email is on its way to ${answer.recipient_email}.${texted ? ` ${texted} too.` : ''}`
          : `${texted}.`,
      });
    } catch (err) {
      setProblem(resendProblem(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={byText ? 'Resend text' : 'Resend email'}>
      {currentEmail !== null && (
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
            aria-invalid={problem?.title === CHECK_EMAIL || undefined}
            aria-describedby={`${id}-hint${problem ? ` ${problemId}` : ''}`}
            readOnly={resend.isPending}
          />
        </div>
      )}
      {currentPhone !== null && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-phone`}>{byText ? 'Text to' : 'Also text to'}</Label>
          <Input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            maxLength={32}
            onChange={(event) => {
              setPhone(event.target.value);
              if (problem) setProblem(undefined);
            }}
            aria-invalid={problem?.title === CHECK_PHONE || undefined}
            aria-describedby={`${id}-hint${problem ? ` ${problemId}` : ''}`}
            readOnly={resend.isPending}
          />
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The same claim links are sent again. A corrected{' '}
        {byText ? 'number' : currentPhone ? 'address or number' : 'address'} becomes the order’s recipient and gets new
        links (the old ones stop working); it cannot be changed once a reward has been opened.
      </p>
      {problem && (
        <div id={problemId} role="alert" className="rounded-md border border-destructive/50 px-3 py-2 text-sm">
          <p className="font-medium text-destructive">{problem.title}</p>
          <p className="text-muted-foreground">{problem.description}</p>
        </div>
      )}
      <div>
        <Button type="submit" aria-disabled={resend.isPending} className="aria-disabled:opacity-60">
          <Mail aria-hidden className="size-4" />
          {resend.isPending ? 'Resending…' : byText ? 'Resend text' : 'Resend email'}
        </Button>
      </div>
    </form>
  );
}
