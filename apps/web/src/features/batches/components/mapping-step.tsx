import {
  BATCH_FIELDS,
  type BatchField,
  type ChoiceSet,
  type Product,
  RECIPIENT_BATCH_FIELDS,
} from '@giftrelay/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { senderTimeZone } from '@/lib/send-at';
import { type Columns, FIELD_LABELS, requiredFields, type Sheet } from '../utils/sheet';

/** Step 2: which column holds each field, guessed from the headings and changed here. */
export function MappingStep({
  sheet,
  columns,
  product,
  choiceSet,
  onChange,
  onBack,
  onNext,
}: {
  sheet: Sheet;
  columns: Columns;
  /** The reward chosen for rows without a code: the product code column is then optional. */
  product: Product | null;
  /** Or the choice set for rows without a code (decision 080). */
  choiceSet: ChoiceSet | null;
  onChange: (columns: Columns) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const id = useId();
  // A row names its product, or its choice set, unless the page gives a default.
  const required = requiredFields(product !== null || choiceSet !== null || columns.choice_set !== undefined);
  const missing = required.filter((f) => columns[f] === undefined);
  // A recipient is an email, a mobile number or both (decision 088): the sheet needs one of the columns.
  const noRecipient = RECIPIENT_BATCH_FIELDS.every((f) => columns[f] === undefined);
  const toChoose = [...(noRecipient ? ['email or mobile'] : []), ...missing.map((f) => FIELD_LABELS[f].toLowerCase())];
  return (
    <Card className="grid gap-5 p-6">
      <div>
        <h2 className="text-lg font-semibold">Match your columns</h2>
        <p className="text-sm text-muted-foreground">
          {sheet.source}: {sheet.lines.length.toLocaleString()} row{sheet.lines.length === 1 ? '' : 's'}. Choose the
          column for each field; the first row’s value is shown beside it.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {BATCH_FIELDS.map((field) => {
          const isRecipient = (RECIPIENT_BATCH_FIELDS as readonly BatchField[]).includes(field);
          const isRequired = required.includes(field);
          const column = columns[field];
          const sample = column === undefined ? undefined : sheet.lines[0]?.[column];
          return (
            <div key={field} className="grid gap-1">
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
                {FIELD_LABELS[field]}
                {isRequired ? (
                  <span className="text-destructive"> *</span>
                ) : isRecipient ? (
                  <span className="text-muted-foreground"> (this, the other contact column, or both)</span>
                ) : (
                  <span className="text-muted-foreground"> (optional)</span>
                )}
              </label>
              <select
                id={`${id}-${field}`}
                value={column ?? ''}
                aria-invalid={(isRequired || (isRecipient && noRecipient)) && column === undefined}
                onChange={(e) =>
                  onChange({ ...columns, [field]: e.target.value === '' ? undefined : Number(e.target.value) })
                }
                className="h-10 rounded-md border bg-background px-3 text-sm aria-invalid:border-destructive"
              >
                <option value="">Not in the file</option>
                {sheet.headings.map((heading, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file
                  <option key={i} value={i}>
                    {heading || `Column ${i + 1}`}
                  </option>
                ))}
              </select>
              <span className="truncate text-xs text-muted-foreground">
                {sample
                  ? `e.g. ${sample}`
                  : field === 'send_at'
                    ? `Times without a zone are in yours (${senderTimeZone()})`
                    : field === 'product_code' && (product ?? choiceSet)
                      ? `Rows without one get ${(product ?? choiceSet)?.name}`
                      : '\u00a0'}
              </span>
            </div>
          );
        })}
      </div>
      {toChoose.length ? (
        <p role="alert" className="text-sm text-destructive">
          Choose a column for {toChoose.join(', ')}
          {missing.includes('product_code') ? ', or go back and choose a reward for every row' : ''}.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Button type="button" variant="outline" onClick={onBack}>
          Choose another file
        </Button>
        <Button type="button" disabled={toChoose.length > 0} onClick={onNext}>
          Check rows
        </Button>
      </div>
    </Card>
  );
}
