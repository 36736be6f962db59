import { MAX_QUANTITY } from '@giftrelay/contracts';
import { parseAmount } from '@giftrelay/money';
import { Send, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { loginPathFor } from '@/lib/auth/safe-next';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/utils';
import { useCreateOrder } from '../api/create-order';
import { useFxRate } from '../api/get-fx-rate';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import {
  amountRule,
  checkSendForm,
  EMPTY_SEND_FORM,
  formatWithCode,
  isSendFormFilled,
  MESSAGE_MAX_LENGTH,
  type SendableProduct,
  type SendFormField,
  type SendFormProblem,
  type SendFormValues,
  sendSums,
} from '../utils/send-form';
import { AmountField } from './amount-field';
import { FormNotice } from './form-notice';
import { SendSummary } from './send-summary';

/** Orgs bill in USD unless they chose otherwise (spec section 9). */
const DEFAULT_BILLING_CURRENCY = 'USD';

interface SendRewardDialogProps {
  /** The product to send; the dialog shows nothing without one. */
  product: SendableProduct | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown under the summary, e.g. the balance available. */
  footnote?: ReactNode;
}

/**
 * The one send dialog: recipient, amount within the product's values, quantity, an optional
 * message; the sums from the shared fee rule; an Idempotency-Key per intended send.
 */
export function SendRewardDialog({ product, open, onOpenChange, footnote }: SendRewardDialogProps) {
  const [isSending, setIsSending] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  if (!product) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // A send in flight finishes with its toast in view; closing now would hide its outcome.
        if (!next && isSending) return;
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Opened by a button elsewhere, not a Dialog.Trigger: Radix cannot give focus back to it.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // Straight to the first field rather than the close button.
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('input');
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border bg-card shadow-xl"
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3 sm:px-6">
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold">Send reward</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {product.name}, delivered by email
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2" disabled={isSending}>
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {/* A new product starts a new form: its amount rules differ. */}
          <SendRewardForm
            key={product.code}
            product={product}
            onSendingChange={setIsSending}
            onDone={() => onOpenChange(false)}
            footnote={footnote}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface SendRewardFormProps {
  product: SendableProduct;
  onSendingChange: (isSending: boolean) => void;
  onDone: () => void;
  footnote?: ReactNode;
}

function SendRewardForm({ product, onSendingChange, onDone, footnote }: SendRewardFormProps) {
  const id = useId();
  const location = useLocation();
  const session = useSession();
  const [values, setValues] = useState<SendFormValues>(EMPTY_SEND_FORM);
  const [problem, setProblem] = useState<SendFormProblem>();
  const [isSending, setIsSending] = useState(false);
  const sendingRef = useRef(false);
  const signInRef = useRef<HTMLAnchorElement>(null);
  const keys = useIdempotencyKey();
  const createOrder = useCreateOrder();

  const rule = amountRule(product);
  const billingCurrency =
    session.status === 'signed-in' ? session.user.organisation.billing_currency : DEFAULT_BILLING_CURRENCY;
  const needsRate = product.currency !== billingCurrency;
  const rate = useFxRate(product.currency, billingCurrency);
  const sums = sendSums(
    values,
    product.currency,
    needsRate && rate.data ? { currency: billingCurrency, rate: rate.data.rate } : undefined,
  );
  const isSignedOut = session.status === 'signed-out';
  const isFilled = isSendFormFilled(values);
  const fieldId = (field: SendFormField) => `${id}-${field}`;
  const problemId = `${id}-problem`;
  const invalid = (field: SendFormField) => problem?.field === field;

  const setSending = (next: boolean) => {
    sendingRef.current = next;
    setIsSending(next);
    onSendingChange(next);
  };

  const update = (field: SendFormField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem) setProblem(undefined);
  };

  const focusField = (field: SendFormField) => {
    const el = document.getElementById(fieldId(field));
    // A group of choices takes focus on its chosen (or first) option.
    const target = el?.getAttribute('role') === 'radiogroup' ? el.querySelector<HTMLElement>('[role="radio"]') : el;
    target?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const check = checkSendForm(values, product);
    if (!check.ok) {
      setProblem(check.problem);
      focusField(check.problem.field);
      return;
    }
    if (session.status !== 'signed-in') {
      setProblem(undefined);
      signInRef.current?.focus();
      return;
    }
    setProblem(undefined);
    setSending(true);
    const idempotencyKey = keys.keyFor(check.body);
    try {
      const order = await createOrder.mutateAsync({ body: check.body, idempotencyKey });
      keys.settle();
      const amount = formatWithCode(parseAmount(order.amount, order.currency) ?? check.amountMinor, order.currency);
      const count = order.quantity > 1 ? `${order.quantity} × ` : '';
      toast.success('Reward sent', {
        description: `Sent ${count}${amount} ${product.name} to ${order.recipient_email}.`,
      });
      setValues(EMPTY_SEND_FORM);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) {
        // The server answered, and keeps that answer for the key: a retry needs a new one.
        // Except "still in use", where the first attempt's outcome is yet to come.
        if (err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_IN_USE') keys.settle();
        toast.error('Failed to send reward', {
          description: err.message || 'An error occurred while sending the reward',
        });
      } else {
        // No answer: the order may or may not exist. The key stays, so sending again is safe.
        toast.error('Error', {
          description: err instanceof Error && err.message ? err.message : 'Failed to send reward. Please try again.',
        });
      }
    } finally {
      setSending(false);
    }
  };

  const isBlocked = !isFilled || isSending;
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" aria-label={`Send ${product.name}`}>
      {/* The fields scroll on a short screen; the buttons stay in view below them. */}
      <div className="grid min-h-0 gap-4 overflow-y-auto px-5 pt-1 pb-4 sm:px-6">
        {isSignedOut && (
          <FormNotice title="You must be logged in to place an order">
            <Link ref={signInRef} to={loginPathFor(location)} className="font-medium text-primary underline">
              Sign in
            </Link>{' '}
            to send this reward; you will come back here.
          </FormNotice>
        )}
        {problem && (
          <div id={problemId}>
            <FormNotice title={problem.title}>{problem.description}</FormNotice>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={fieldId('email')}>Recipient Email</Label>
          <Input
            id={fieldId('email')}
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            value={values.email}
            onChange={(e) => update('email')(e.target.value)}
            aria-invalid={invalid('email') || undefined}
            aria-describedby={invalid('email') ? problemId : undefined}
            required
            maxLength={255}
            readOnly={isSending}
          />
        </div>
        <AmountField
          id={fieldId('amount')}
          rule={rule}
          value={values.amount}
          onChange={update('amount')}
          isInvalid={invalid('amount')}
          errorId={problemId}
          readOnly={isSending}
        />
        <div className="grid gap-2">
          <Label htmlFor={fieldId('quantity')}>Quantity</Label>
          <Input
            id={fieldId('quantity')}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            className="w-28 tabular-nums"
            value={values.quantity}
            onChange={(e) => update('quantity')(e.target.value)}
            aria-invalid={invalid('quantity') || undefined}
            aria-describedby={cn(`${fieldId('quantity')}-hint`, invalid('quantity') && problemId)}
            required
            readOnly={isSending}
          />
          <p id={`${fieldId('quantity')}-hint`} className="text-xs text-muted-foreground">
            Cards of this value for this recipient, up to {MAX_QUANTITY}.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId('message')}>
            Personal message <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <textarea
            id={fieldId('message')}
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder="A note for the recipient, shown with the reward"
            className="w-full rounded-md border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground disabled:opacity-50 aria-invalid:border-destructive"
            value={values.message}
            onChange={(e) => update('message')(e.target.value)}
            aria-invalid={invalid('message') || undefined}
            aria-describedby={`${fieldId('message')}-count`}
            readOnly={isSending}
          />
          <p id={`${fieldId('message')}-count`} className="text-right text-xs text-muted-foreground">
            {values.message.length}/{MESSAGE_MAX_LENGTH}
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm">
          <Send aria-hidden className="size-4 text-muted-foreground" />
          Delivery: Auto (code/email)
        </p>
        <SendSummary
          sums={sums}
          currency={product.currency}
          charge={
            needsRate
              ? { currency: billingCurrency, state: rate.isError ? 'error' : rate.data ? 'ready' : 'loading' }
              : undefined
          }
        />
        {footnote}
      </div>
      <div className="flex gap-2 border-t px-5 py-3 sm:justify-end sm:px-6">
        <Dialog.Close asChild>
          <Button type="button" variant="outline" className="flex-1 sm:flex-none" disabled={isSending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button
          type="submit"
          aria-disabled={isBlocked}
          className="flex-1 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:flex-none"
        >
          {isSending ? 'Sending...' : 'Send now'}
        </Button>
      </div>
    </form>
  );
}
