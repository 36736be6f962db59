import { BATCH_MAX_ROWS, type ChoiceSet, type Product } from '@giftrelay/contracts';
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { saveBlob } from '@/lib/download';
import { formatCount } from '@/lib/format';
import { readSheet, type Sheet, TEMPLATE_CSV } from '../utils/sheet';
import { ChoiceSetPicker } from './choice-set-picker';
import { ProductPicker } from './product-picker';

/** Step 1: the reward, then a CSV file or rows pasted from a spreadsheet. */
export function UploadStep({
  product,
  onProduct,
  choiceSet,
  onChoiceSet,
  choiceCurrency,
  onChoiceCurrency,
  onSheet,
}: {
  product: Product | null;
  onProduct: (product: Product | null) => void;
  choiceSet: ChoiceSet | null;
  onChoiceSet: (set: ChoiceSet | null) => void;
  choiceCurrency: string;
  onChoiceCurrency: (currency: string) => void;
  onSheet: (sheet: Sheet) => void;
}) {
  const fileId = useId();
  const pasteId = useId();
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);

  const read = (text: string, source: string) => {
    try {
      setError(null);
      onSheet(readSheet(text, source));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Card className="grid gap-6 p-6">
      <ProductPicker value={product} onChange={onProduct} />
      <ChoiceSetPicker
        value={choiceSet}
        onChange={onChoiceSet}
        currency={choiceCurrency}
        onCurrency={onChoiceCurrency}
      />
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <p className="text-sm text-muted-foreground">
          One row per recipient, up to {formatCount(BATCH_MAX_ROWS)} rows, with a heading line: email and amount are
          needed; quantity, recipient name, message and send at are optional.{' '}
          {product
            ? `A product code column is optional: a row with a code sends that product instead of ${product.name}.`
            : choiceSet
              ? `A product code or choice set column is optional: a row without one gets ${choiceSet.name}.`
              : 'Without a reward chosen above, each row needs a product code, or a choice set and currency.'}{' '}
          You can match other column names in the next step.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="block w-full max-w-sm text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) read(await file.text(), file.name);
            }}
          />
          <Button
            type="button"
            variant="link"
            className="px-0"
            onClick={() => saveBlob(new Blob([TEMPLATE_CSV], { type: 'text/csv' }), 'giftrelay-bulk-template.csv')}
          >
            Download a template
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={pasteId}>Or paste rows</Label>
        <textarea
          id={pasteId}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          rows={6}
          placeholder={'email,amount\nada@example.com,25'}
          className="w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
        />
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={!pasted.trim()}
            onClick={() => read(pasted, 'Pasted rows')}
          >
            <FileUp aria-hidden className="size-4" />
            Use pasted rows
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
