import { type BatchRowInput, type ChoiceSet, type Product, sandboxRecipientsNote } from '@giftrelay/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { useSession } from '@/lib/auth/use-session';
import { useSandboxLimits } from '../api/get-sandbox-limits';
import { type Columns, guessColumns, rowsOf, type Sheet } from '../utils/sheet';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { UploadStep } from './upload-step';

type Step =
  | { kind: 'upload' }
  | { kind: 'map'; sheet: Sheet; columns: Columns }
  // The rows are kept once read, so a row fixed in the check step stays fixed.
  | { kind: 'preview'; sheet: Sheet; columns: Columns; rows: BatchRowInput[] };

const STEPS = ['Reward and file', 'Match columns', 'Check and send'] as const;

/**
 * Send in bulk: the reward chosen here, a CSV (or pasted rows) of recipients and amounts, its
 * columns matched, every row checked by the server and fixable in place, then sent as one batch.
 */
export function BulkSendPage() {
  const [step, setStep] = useState<Step>({ kind: 'upload' });
  const [product, setProduct] = useState<Product | null>(null);
  // Or a recipient's choice for those rows (decision 080): one or the other, never both.
  const [choiceSet, setChoiceSet] = useState<ChoiceSet | null>(null);
  const pickProduct = (next: Product | null) => {
    setProduct(next);
    if (next) setChoiceSet(null);
  };
  const pickChoiceSet = (next: ChoiceSet | null) => {
    setChoiceSet(next);
    if (next) setProduct(null);
  };
  const session = useSession();
  const [choiceCurrency, setChoiceCurrency] = useState(() =>
    session.status === 'signed-in' ? session.user.organisation.billing_currency : 'USD',
  );
  // Rows that get the page's choice set get its currency too, unless they name their own.
  const withChoiceCurrency = (rows: BatchRowInput[]) =>
    choiceSet
      ? rows.map((r) =>
          r.product_code || r.choice_set || r.currency
            ? r
            : { ...r, currency: choiceSet.rule?.currency ?? choiceCurrency },
        )
      : rows;
  const limits = useSandboxLimits();
  const current = step.kind === 'upload' ? 0 : step.kind === 'map' ? 1 : 2;
  return (
    <PageHeading title="Send in bulk">
      <p className="mt-1 text-sm text-muted-foreground">
        <Link to="/orders/batches" className="underline underline-offset-4">
          Your batches
        </Link>
      </p>
      {limits.data && (
        <p className="mt-1 text-sm text-muted-foreground">
          {sandboxRecipientsNote(limits.data)} A batch that would pass this is refused as a whole.
        </p>
      )}
      <ol className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === current ? 'step' : undefined}
            className={
              i === current
                ? 'rounded-full bg-primary px-3 py-1 text-primary-foreground'
                : 'rounded-full border px-3 py-1 text-muted-foreground'
            }
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <div className="mt-6">
        {step.kind === 'upload' ? (
          <UploadStep
            product={product}
            onProduct={pickProduct}
            choiceSet={choiceSet}
            onChoiceSet={pickChoiceSet}
            choiceCurrency={choiceCurrency}
            onChoiceCurrency={setChoiceCurrency}
            onSheet={(sheet) => setStep({ kind: 'map', sheet, columns: guessColumns(sheet) })}
          />
        ) : step.kind === 'map' ? (
          <MappingStep
            sheet={step.sheet}
            columns={step.columns}
            product={product}
            choiceSet={choiceSet}
            onChange={(columns) => setStep({ ...step, columns })}
            onBack={() => setStep({ kind: 'upload' })}
            onNext={() =>
              setStep({ ...step, kind: 'preview', rows: withChoiceCurrency(rowsOf(step.sheet, step.columns)) })
            }
          />
        ) : (
          <PreviewStep
            rows={step.rows}
            product={product}
            choiceSet={choiceSet}
            onRowsChange={(rows) => setStep({ ...step, rows })}
            onBack={() => setStep({ kind: 'map', sheet: step.sheet, columns: step.columns })}
          />
        )}
      </div>
    </PageHeading>
  );
}
