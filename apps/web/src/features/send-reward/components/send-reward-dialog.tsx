import {
  approvalReason,
  type Balance,
  CHOICE_PRODUCT_NAME,
  MAX_QUANTITY,
  recipientOf,
  sandboxRecipientsNote,
} from '@giftrelay/contracts';
import { formatMoney, parseAmount } from '@giftrelay/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { Send, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CurrencySelect } from '@/components/ui/currency-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { loginPathFor } from '@/lib/auth/safe-next';
import { useSession } from '@/lib/auth/use-session';
import { formatTimestamp } from '@/lib/format';
import { useFxQuote } from '@/lib/fx-quote';
import { sharedQueryKeys } from '@/lib/query-keys';
import { type SendLater, sendAtOf } from '@/lib/send-at';
import { cn } from '@/lib/utils';
import { CREATE_ORDER_KEY, useCreateOrder } from '../api/create-order';
import { useApprovalRules } from '../api/get-approval-rules';
import { useFxRate } from '../api/get-fx-rate';
import { useMyBudget } from '../api/get-my-budget';
import { useSenderSettings } from '../api/get-sender-settings';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import {
  amountRule,
  type ChoiceToSend,
  choiceProduct,
  EMPTY_SEND_FORM,
  fundsMissing,
  MESSAGE_MAX_LENGTH,
  noticeFor,
  type SendableProduct,
  type SendFormField,
  type SendFormOutput,
  type SendFormProblem,
  type SendFormValues,
  sendFormSchema,
  sendSums,
} from '../utils/send-form';
import { AmountField } from './amount-field';
import { EmailPreview } from './email-preview';
import { ExpiryField, expiryDaysOf } from './expiry-field';
import { FormNotice } from './form-notice';
import { SendLaterField } from './send-later-field';
import { SendSummary } from './send-summary';

/** Orgs bill in USD unless they chose otherwise (spec section 9). */
const DEFAULT_BILLING_CURRENCY = 'USD';

interface SendRewardDialogProps {
  /** The product to send; the dialog shows nothing without one (or a choice). */
  product: SendableProduct | null;
  /** A recipient's-choice reward to send instead of a product (decision 080). */
  choice?: ChoiceToSend | null;
  /** Under a choice's amount: the cards the value allows, drawn by the page that knows the sets. */
  choicePreview?: (amount: string, currency: string) => ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After an order is placed (before the dialog closes). */
  onSent?: () => void;
  /** The balance to spend, when signed in: a total above it is refused before sending. */
  balance?: Pick<Balance, 'available' | 'currency' | 'sandbox' | 'sandbox_limits'>;
  /** What to offer when the total is above the balance; `missing` in minor units of its currency. */
  shortfall?: (missing: number) => ReactNode;
  /** Shown under the summary, e.g. the balance available. */
  footnote?: ReactNode;
}

/**
 * The one send dialog: recipient, amount within the product's values, quantity, an optional
 * message; the sums from the shared fee rule; an Idempotency-Key per intended send.
 */
export function SendRewardDialog({ product, choice, open, onOpenChange, ...formProps }: SendRewardDialogProps) {
  const isSending = useIsMutating({ mutationKey: CREATE_ORDER_KEY }) > 0;
  const opener = useRef<HTMLElement | null>(null);
  if (!product && !choice) return null;
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
                {choice ? `${CHOICE_PRODUCT_NAME}: ${choice.label}` : product?.name}, delivered by email
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2" disabled={isSending}>
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {/* A new product (or choice) starts a new form: its amount rules differ. */}
          <SendRewardForm
            key={choice ? JSON.stringify(choice) : product?.code}
            fixedProduct={product}
            choice={choice ?? undefined}
            onDone={() => onOpenChange(false)}
            {...formProps}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface SendRewardFormProps
  extends Pick<SendRewardDialogProps, 'onSent' | 'balance' | 'shortfall' | 'footnote' | 'choicePreview'> {
  fixedProduct: SendableProduct | null;
  choice: ChoiceToSend | undefined;
  onDone: () => void;
}

function SendRewardForm({
  fixedProduct,
  choice,
  choicePreview,
  onDone,
  onSent,
  balance,
  shortfall,
  footnote,
}: SendRewardFormProps) {
  const id = useId();
  const location = useLocation();
  const session = useSession();
  // A choice's currency: the set's rule's, or the sender's pick, starting from the billing currency.
  const [choiceCurrency, setChoiceCurrency] = useState(
    () => choice?.currency ?? (session.status === 'signed-in' ? session.user.organisation.billing_currency : undefined),
  );
  const product = useMemo(
    () =>
      choice ? choiceProduct(choice, choiceCurrency ?? DEFAULT_BILLING_CURRENCY) : (fixedProduct as SendableProduct),
    [choice, choiceCurrency, fixedProduct],
  );
  const schema = useMemo(() => sendFormSchema(product, choice?.choice), [product, choice]);
  const form = useForm<SendFormValues, unknown, SendFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_SEND_FORM,
    // Checked as the person types; the spec's notice comes on Send now.
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const [notice, setNotice] = useState<SendFormProblem>();
  // Two presses of Send now land before a re-render shows the first as pending.
  const inFlight = useRef(false);
  const signInRef = useRef<HTMLAnchorElement>(null);
  const keys = useIdempotencyKey();
  const createOrder = useCreateOrder();
  const isSending = createOrder.isPending;

  const values = useWatch({ control: form.control }) as SendFormValues;
  const rule = amountRule(product);
  const isSignedIn = session.status === 'signed-in';
  const organisation = isSignedIn ? session.user.organisation : undefined;
  const senderSettings = useSenderSettings(isSignedIn);
  const defaultMessage = senderSettings.data?.default_message;
  // The organisation's default message fills an untouched, empty message field once it arrives.
  useEffect(() => {
    if (defaultMessage && !form.getFieldState('message').isDirty && !form.getValues('message')) {
      form.setValue('message', defaultMessage, { shouldValidate: true });
    }
  }, [defaultMessage, form]);
  const billingCurrency = organisation?.billing_currency ?? DEFAULT_BILLING_CURRENCY;
  const needsRate = product.currency !== billingCurrency;
  // Signed in: a quote holds the rate, and the order names it (decision 039). Signed out: the
  // public rate, a preview only.
  const quote = useFxQuote(organisation?.id, product.currency, billingCurrency);
  const publicRate = useFxRate(product.currency, isSignedIn ? product.currency : billingCurrency);
  const rate = isSignedIn ? quote : publicRate;
  // The quote sent with an Idempotency-Key stays with it: a retry repeats the very request.
  const quoteForKey = useRef<{ key: string; quoteId: string | undefined } | null>(null);
  // Send later (decision 042): a time in the sender's own zone, checked when sending.
  const [later, setLater] = useState<SendLater>({ on: false, at: '' });
  const [laterError, setLaterError] = useState<string>();
  // Expiry (decision 081): this order's own, or empty for the organisation's default.
  const [expiryDays, setExpiryDays] = useState('');
  const [expiryError, setExpiryError] = useState<string>();
  const sums = sendSums(
    values,
    product.currency,
    needsRate && rate.data ? { currency: billingCurrency, rate: rate.data.rate } : undefined,
  );
  const missing = balance ? fundsMissing(sums, balance) : undefined;
  const approvalRules = useApprovalRules(isSignedIn);
  const waitsBecause = approvalRules.data ? approvalReason(approvalRules.data, usdTotalOf(sums) ?? 0) : null;
  const queryClient = useQueryClient();
  const budget = useMyBudget(isSignedIn).data;
  const overBudget = budget ? (totalIn(sums, budget.currency) ?? 0) > budget.left_minor : false;
  const isSignedOut = session.status === 'signed-out';
  const fieldId = (field: SendFormField) => `${id}-${field}`;
  const noticeId = `${id}-notice`;
  const errorOf = (field: SendFormField) => errors[field]?.message;

  // A change to the form answers the notice it raised; the field's own message stays beside it.
  useEffect(() => {
    const subscription = form.watch(() => setNotice(undefined));
    return () => subscription.unsubscribe();
  }, [form]);

  const focusField = (field: SendFormField) => {
    const el = document.getElementById(fieldId(field));
    // A group of choices takes focus on its chosen (or first) option.
    const target = el?.getAttribute('role') === 'radiogroup' ? el.querySelector<HTMLElement>('[role="radio"]') : el;
    target?.focus();
  };

  const send = async ({ body, amountMinor }: SendFormOutput) => {
    if (session.status !== 'signed-in') {
      signInRef.current?.focus();
      return;
    }
    if (missing !== undefined) {
      document.getElementById(`${id}-shortfall`)?.focus();
      return;
    }
    const when = sendAtOf(later);
    if (when.error) {
      setLaterError(when.error);
      document.getElementById(`${id}-send-at`)?.focus();
      return;
    }
    setLaterError(undefined);
    if (when.sendAt) body = { ...body, send_at: when.sendAt };
    const expiry = expiryDaysOf(expiryDays);
    if (expiry.error) {
      setExpiryError(expiry.error);
      document.getElementById(`${id}-expiry`)?.focus();
      return;
    }
    if (expiry.days !== undefined) body = { ...body, expires_in_days: expiry.days };
    const idempotencyKey = keys.keyFor(body);
    if (quoteForKey.current?.key !== idempotencyKey) {
      quoteForKey.current = { key: idempotencyKey, quoteId: needsRate ? quote.data?.quote_id : undefined };
    }
    const quoteId = quoteForKey.current.quoteId;
    try {
      const order = await createOrder.mutateAsync({
        body: quoteId ? { ...body, quote_id: quoteId } : body,
        idempotencyKey,
      });
      keys.settle();
      const amount = formatMoney(parseAmount(order.amount, order.currency) ?? amountMinor, order.currency);
      const count = order.quantity > 1 ? `${order.quantity} × ` : '';
      if (order.status === 'scheduled' && order.send_at) {
        toast.success('Reward scheduled', {
          description: `${count}${amount} ${product.name} to ${recipientOf(order)} goes out ${formatTimestamp(order.send_at)}. The amount is held until then.`,
        });
      } else if (order.status === 'pending_approval') {
        // Caught by an approval rule (decision 035): held, and waiting for an owner or admin.
        toast.success('Pending approval', {
          description: `${count}${amount} ${product.name} to ${recipientOf(order)} waits for an owner or admin to approve it. The amount is held meanwhile.`,
        });
      } else if (order.status === 'pending_review') {
        // Held by a risk rule (decision 083): waiting in Review for an owner or admin.
        toast.success('Pending review', {
          description: `${count}${amount} ${product.name} to ${recipientOf(order)} was held for review by a risk rule. The amount is held until an owner or admin releases or blocks it.`,
        });
      } else {
        toast.success('Reward sent', {
          description: `Sent ${count}${amount} ${product.name} to ${recipientOf(order)}.`,
        });
      }
      form.reset(EMPTY_SEND_FORM);
      setLater({ on: false, at: '' });
      onSent?.();
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) {
        // The server answered, and keeps that answer for the key: a retry needs a new one.
        // Except "still in use", where the first attempt's outcome is yet to come.
        if (err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_IN_USE') keys.settle();
        // The held rate ran out before the order arrived: a new quote, and the person confirms
        // the new total before anything is charged.
        if (err.code === 'QUOTE_EXPIRED') void quote.refetch();
        // Past the monthly budget (decision 084): what is left, as the server counts it now.
        if (err.code === 'BUDGET_EXCEEDED') void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.budget });
        // The number cannot take texts, or replied STOP (decision 082): said at the field too.
        if (err.code === 'PHONE_INVALID' || err.code === 'RECIPIENT_OPTED_OUT' || err.code === 'SMS_UNAVAILABLE')
          form.setError('phone', { message: err.message }, { shouldFocus: true });
        toast.error('Failed to send reward', {
          description: err.message || 'An error occurred while sending the reward',
        });
      } else {
        // No answer: the order may or may not exist. The key stays, so sending again is safe.
        toast.error('Error', {
          description: err instanceof Error && err.message ? err.message : 'Failed to send reward. Please try again.',
        });
      }
    }
  };

  const submit = form.handleSubmit(
    async (output) => {
      setNotice(undefined);
      await send(output);
    },
    (fieldErrors) => {
      const problem = noticeFor(
        Object.fromEntries(Object.entries(fieldErrors).map(([field, error]) => [field, error?.message])),
      );
      setNotice(problem);
      if (problem) focusField(problem.field);
    },
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || isSending) return;
    inFlight.current = true;
    try {
      await submit(event);
    } finally {
      inFlight.current = false;
    }
  };

  // Signed in, a converted total is sent only once its rate is held (or could not be: then the
  // server's rate of the moment, as the summary says).
  const awaitingQuote = isSignedIn && needsRate && quote.isPending && quote.fetchStatus !== 'idle';
  const isBlocked = !isValid || missing !== undefined || isSending || awaitingQuote;
  const describedBy = (field: SendFormField, ...more: (string | false | undefined)[]) =>
    cn(...more, errorOf(field) && `${fieldId(field)}-error`, notice?.field === field && noticeId) || undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col" aria-label={`Send ${product.name}`}>
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
        {notice && (
          <div id={noticeId}>
            <FormNotice title={notice.title}>{notice.description}</FormNotice>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={fieldId('email')}>Recipient Email</Label>
          <Input
            id={fieldId('email')}
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            {...form.register('email')}
            aria-invalid={Boolean(errorOf('email')) || undefined}
            aria-describedby={describedBy('email', `${fieldId('email')}-hint`)}
            maxLength={255}
            readOnly={isSending}
          />
          <p id={`${fieldId('email')}-hint`} className="text-muted-foreground text-xs">
            An email address, a mobile number below, or both.
          </p>
          <FieldError id={`${fieldId('email')}-error`} message={errorOf('email')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId('phone')}>
            Recipient mobile <span className="font-normal text-muted-foreground">(optional with an email)</span>
          </Label>
          <Input
            id={fieldId('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+1 202 555 0100"
            {...form.register('phone')}
            aria-invalid={Boolean(errorOf('phone')) || undefined}
            aria-describedby={describedBy('phone', `${fieldId('phone')}-hint`)}
            maxLength={32}
            readOnly={isSending}
          />
          <p id={`${fieldId('phone')}-hint`} className="text-muted-foreground text-xs">
            With its country code. The claim link is texted, as well as emailed when there is an address; the recipient
            can reply STOP.
          </p>
          <FieldError id={`${fieldId('phone')}-error`} message={errorOf('phone')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId('recipientName')}>
            Recipient name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={fieldId('recipientName')}
            autoComplete="off"
            placeholder="Pat Lee"
            {...form.register('recipientName')}
            aria-invalid={Boolean(errorOf('recipientName')) || undefined}
            aria-describedby={describedBy('recipientName')}
            readOnly={isSending}
          />
          <FieldError id={`${fieldId('recipientName')}-error`} message={errorOf('recipientName')} />
        </div>
        {choice && !choice.currency && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-currency`}>Currency</Label>
            <CurrencySelect
              id={`${id}-currency`}
              value={product.currency}
              disabled={isSending}
              onValueChange={(currency) => {
                setChoiceCurrency(currency);
                if (form.getValues('amount')) void form.trigger('amount');
              }}
            />
          </div>
        )}
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <AmountField
              id={fieldId('amount')}
              rule={rule}
              hint={choice ? 'Any value the cards below accept' : undefined}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorOf('amount')}
              describedBy={notice?.field === 'amount' ? noticeId : undefined}
              readOnly={isSending}
            />
          )}
        />
        {choice && (
          <section aria-label="Cards the recipient can choose from" className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              The recipient picks one card on the claim page; it is issued when they pick. One reward per order.
            </p>
            {choicePreview?.(values.amount, product.currency)}
          </section>
        )}
        {/* A choice is one card (its quantity stays 1): the recipient picks one. */}
        {!choice && (
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
              {...form.register('quantity')}
              aria-invalid={Boolean(errorOf('quantity')) || undefined}
              aria-describedby={describedBy('quantity', `${fieldId('quantity')}-hint`)}
              required
              readOnly={isSending}
            />
            <p id={`${fieldId('quantity')}-hint`} className="text-xs text-muted-foreground">
              Cards of this value for this recipient, up to {MAX_QUANTITY}.
            </p>
            <FieldError id={`${fieldId('quantity')}-error`} message={errorOf('quantity')} />
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={fieldId('message')}>
            Personal message <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <textarea
            id={fieldId('message')}
            rows={2}
            placeholder="A note for the recipient, shown with the reward"
            className="w-full rounded-md border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground disabled:opacity-50 aria-invalid:border-destructive"
            {...form.register('message')}
            aria-invalid={Boolean(errorOf('message')) || undefined}
            aria-describedby={describedBy('message', `${fieldId('message')}-count`)}
            readOnly={isSending}
          />
          <p id={`${fieldId('message')}-count`} className="text-right text-xs text-muted-foreground">
            {values.message.length}/{MESSAGE_MAX_LENGTH}
          </p>
          <FieldError id={`${fieldId('message')}-error`} message={errorOf('message')} />
        </div>
        <p className="flex items-center gap-2 text-sm">
          <Send aria-hidden className="size-4 text-muted-foreground" />
          Delivery: Auto (code/email)
        </p>
        {isSignedIn && (
          <SendLaterField
            id={`${id}-send-at`}
            value={later}
            onChange={(next) => {
              setLater(next);
              setLaterError(undefined);
            }}
            error={laterError}
            disabled={isSending}
          />
        )}
        {isSignedIn && (
          <ExpiryField
            id={`${id}-expiry`}
            value={expiryDays}
            onChange={(next) => {
              setExpiryDays(next);
              setExpiryError(undefined);
            }}
            error={expiryError}
            disabled={isSending}
          />
        )}
        <SendSummary
          sums={sums}
          currency={product.currency}
          charge={
            needsRate
              ? {
                  currency: billingCurrency,
                  state: rate.isError ? 'error' : rate.data ? 'ready' : 'loading',
                  held: isSignedIn,
                }
              : undefined
          }
        />
        {waitsBecause && (
          <p role="note" className="rounded-lg border border-dashed p-3 text-sm">
            <span className="font-semibold">This order will wait for approval. </span>
            {waitsBecause} The total is held on your balance until an owner or admin decides; you are emailed either
            way.
          </p>
        )}
        {budget && (
          <p
            role="note"
            className={cn('rounded-lg border border-dashed p-3 text-sm', overBudget && 'border-destructive/60')}
          >
            <span className="font-semibold">
              {formatMoney(budget.left_minor, budget.currency)} of {formatMoney(budget.monthly_minor, budget.currency)}{' '}
              left this month.{' '}
            </span>
            {overBudget
              ? 'This reward costs more than what is left of your monthly budget: ask an owner or admin to raise it.'
              : 'Your monthly budget, set by an owner or admin.'}
          </p>
        )}
        {balance && missing !== undefined && (
          <div
            id={`${id}-shortfall`}
            tabIndex={-1}
            role="alert"
            className="grid gap-2 rounded-lg border border-destructive/60 p-3 text-sm"
          >
            <p>
              <span className="font-semibold text-destructive">Insufficient balance. </span>
              The total is {formatMoney(missing, balance.currency)} more than your available balance.
            </p>
            {shortfall?.(missing)}
          </div>
        )}
        {footnote}
        {balance?.sandbox && balance.sandbox_limits && (
          <p className="text-xs text-muted-foreground">{sandboxRecipientsNote(balance.sandbox_limits)}</p>
        )}
        <EmailPreview
          product={product}
          values={values}
          sender={senderSettings.data?.sender_name ?? organisation?.name}
          sandbox={balance?.sandbox ?? organisation?.sandbox ?? true}
        />
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
          {isSending ? 'Sending...' : later.on ? 'Schedule' : 'Send now'}
        </Button>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** The total charged in `currency` (minor units), as a budget counts it; undefined when not known here. */
function totalIn(sums: ReturnType<typeof sendSums>, currency: string): number | undefined {
  if (sums?.charged?.currency === currency) return sums.charged.total;
  return sums?.currency === currency ? sums.total : undefined;
}

/** The total in USD minor units, as the approval rules compare it; undefined when not known here. */
function usdTotalOf(sums: ReturnType<typeof sendSums>): number | undefined {
  if (!sums) return undefined;
  if (sums.charged?.currency === 'USD') return sums.charged.total;
  return sums.currency === 'USD' && !sums.charged ? sums.total : undefined;
}
