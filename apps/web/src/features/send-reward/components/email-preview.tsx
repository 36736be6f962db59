import { rewardEmailCopy } from '@giftrelay/contracts';
import { formatMoney, parseAmount, toMajor } from '@giftrelay/money';
import { parseQuantity, type SendableProduct, type SendFormValues } from '../utils/send-form';

interface EmailPreviewProps {
  product: SendableProduct;
  values: SendFormValues;
  /** The sending organisation's name; a signed-out visitor has none yet. */
  sender: string | undefined;
  sandbox: boolean;
}

/**
 * The recipient's email as it will arrive: the words come from the same function the server
 * sends with (contracts' rewardEmailCopy), from the same facts.
 */
export function EmailPreview({ product, values, sender, sandbox }: EmailPreviewProps) {
  const minor = parseAmount(values.amount, product.currency);
  const copy = rewardEmailCopy({
    sender: sender ?? 'Your organisation',
    brand: product.brand,
    productName: product.name,
    value: minor ? formatMoney(minor, product.currency) : `${product.currency} …`,
    amount: minor ? toMajor(minor, product.currency) : 0,
    count: parseQuantity(values.quantity) ?? 1,
    recipientName: values.recipientName,
    message: values.message,
    sandbox,
    redemptionInstructions: product.redemptionInstructions,
  });
  return (
    <details className="rounded-lg border text-sm">
      <summary className="cursor-pointer px-4 py-3 font-medium">Preview the recipient’s email</summary>
      <div className="grid gap-3 border-t px-4 py-4" data-testid="email-preview">
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">Subject:</span> {copy.subject}
        </p>
        {copy.notice && (
          <p className="rounded-md border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            {copy.notice}
          </p>
        )}
        <p className="text-base font-semibold">{copy.heading}</p>
        {copy.paragraphs.map((p) => (
          <p key={p} className="whitespace-pre-line break-words">
            {p}
          </p>
        ))}
        <div className="grid gap-1 rounded-md border p-3">
          {copy.details.map((d) => (
            <p key={d.label} className="flex justify-between gap-4">
              <span className="text-muted-foreground">{d.label}</span>
              <span className="font-medium">{d.value}</span>
            </p>
          ))}
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Claim buttons in the message">
          {copy.claimLabels.map((label) => (
            <li key={label} className="rounded-md bg-primary px-3 py-1.5 text-primary-foreground">
              {label}
            </li>
          ))}
        </ul>
        {copy.footnotes.map((f) => (
          <p key={f} className="text-xs text-muted-foreground">
            {f}
          </p>
        ))}
      </div>
    </details>
  );
}
