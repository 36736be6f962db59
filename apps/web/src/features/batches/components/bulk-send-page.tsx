import { sandboxRecipientsNote } from '@giftrelay/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { useSandboxLimits } from '../api/get-sandbox-limits';
import { type Columns, guessColumns, rowsOf, type Sheet } from '../utils/sheet';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { UploadStep } from './upload-step';

type Step =
  | { kind: 'upload' }
  | { kind: 'map'; sheet: Sheet; columns: Columns }
  | { kind: 'preview'; sheet: Sheet; columns: Columns };

const STEPS = ['Upload', 'Match columns', 'Check and send'] as const;

/** Send in bulk: a CSV (or pasted rows), its columns matched, every row checked, then sent as one batch. */
export function BulkSendPage() {
  const [step, setStep] = useState<Step>({ kind: 'upload' });
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
          <UploadStep onSheet={(sheet) => setStep({ kind: 'map', sheet, columns: guessColumns(sheet) })} />
        ) : step.kind === 'map' ? (
          <MappingStep
            sheet={step.sheet}
            columns={step.columns}
            onChange={(columns) => setStep({ ...step, columns })}
            onBack={() => setStep({ kind: 'upload' })}
            onNext={() => setStep({ ...step, kind: 'preview' })}
          />
        ) : (
          <PreviewStep rows={rowsOf(step.sheet, step.columns)} onBack={() => setStep({ ...step, kind: 'map' })} />
        )}
      </div>
    </PageHeading>
  );
}
