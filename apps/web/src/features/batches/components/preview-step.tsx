import {
  type BatchMode,
  type BatchPreview,
  type BatchRowInput,
  type ChoiceSet,
  FX_QUOTE_SECONDS,
  type Product,
} from '@giftrelay/contracts';
import { formatMoney } from '@giftrelay/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { createFxQuote } from '@/lib/fx-quote';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { previewBatch, useCreateBatch } from '../api/batches';
import { faceValue } from '../utils/face-value';
import { EmailText } from './email-text';
import { RowFix } from './row-fix';
import { ScrollTable } from './scroll-table';

const SHOWN_ROWS = 200;

/**
 * What the batch would do: each row checked by the server against the catalogue and the rules, at
 * rates held by FX quotes for every foreign currency (renewed before they lapse), so the total
 * confirmed here is the total charged.
 */
async function previewWithQuotes(
  body: {
    rows: BatchRowInput[];
    allow_duplicates: boolean;
    default_product_code?: string;
    default_choice_set_id?: string;
  },
  signal?: AbortSignal,
) {
  const first = await previewBatch(body, signal);
  const foreign = Object.keys(first.rates).filter((c) => c !== first.currency);
  if (!foreign.length) return { preview: first, quoteIds: [] as string[] };
  const quotes = await Promise.all(foreign.map((c) => createFxQuote(c, first.currency)));
  const quoteIds = quotes.map((q) => q.quote_id);
  return { preview: await previewBatch({ ...body, quote_ids: quoteIds }, signal), quoteIds };
}

export function PreviewStep({
  rows,
  product,
  choiceSet,
  onRowsChange,
  onBack,
}: {
  rows: BatchRowInput[];
  product: Product | null;
  choiceSet: ChoiceSet | null;
  /** A row fixed in place: the rows are checked again by the server. */
  onRowsChange: (rows: BatchRowInput[]) => void;
  onBack: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [allowDuplicates, setAllowDuplicates] = useState(false);
  const [mode, setMode] = useState<BatchMode>('all_or_nothing');
  const [name, setName] = useState('');
  const [onlyProblems, setOnlyProblems] = useState(false);
  // One key per confirmation: a retry after a lost answer repeats the same request.
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useCreateBatch();
  const defaultProduct = product
    ? { default_product_code: product.code }
    : choiceSet
      ? { default_choice_set_id: choiceSet.id }
      : {};
  const preview = useQuery({
    queryKey: ['batch-preview', rows, allowDuplicates, product?.code, choiceSet?.id],
    queryFn: ({ signal }) => previewWithQuotes({ rows, allow_duplicates: allowDuplicates, ...defaultProduct }, signal),
    // A fixed row is checked again with the table still in view.
    placeholderData: keepPreviousData,
    gcTime: 0,
    staleTime: (FX_QUOTE_SECONDS - 10) * 1000,
    // Quotes are renewed before they lapse, so what is on screen can always be sent.
    refetchInterval: (q) => (q.state.data?.quoteIds.length ? (FX_QUOTE_SECONDS - 10) * 1000 : false),
  });

  const shown = useMemo(() => {
    const all = preview.data?.preview.rows ?? [];
    return onlyProblems ? all.filter((r) => !r.valid) : all;
  }, [preview.data, onlyProblems]);

  if (preview.isPending) {
    return (
      <Card className="flex items-center gap-3 p-6" role="status">
        <Spinner /> Checking {formatCount(rows.length)} rows against the catalogue…
      </Card>
    );
  }
  if (preview.isError) {
    return (
      <LoadError title="The rows could not be checked" error={preview.error} onRetry={() => void preview.refetch()} />
    );
  }
  const p: BatchPreview = preview.data.preview;
  const money = (minor: number) => formatMoney(minor, p.currency);
  const covers = p.balance_after_minor >= 0;
  const sending = mode === 'all_or_nothing' ? p.valid : p.rows_that_fit;
  const checking = preview.isFetching;
  const canSend = !checking && p.valid > 0 && (mode === 'send_what_fits' ? p.rows_that_fit > 0 : covers);
  const fix = (position: number, row: BatchRowInput) =>
    onRowsChange(rows.map((r, i) => (i === position - 1 ? row : r)));

  const send = () =>
    create.mutate(
      {
        body: {
          rows,
          mode,
          allow_duplicates: allowDuplicates,
          ...defaultProduct,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(preview.data.quoteIds.length ? { quote_ids: preview.data.quoteIds } : {}),
        },
        idempotencyKey: key,
      },
      {
        onSuccess: (batch) => {
          toast.success('Batch accepted', {
            description:
              batch.status === 'pending_approval'
                ? 'It waits for an owner or admin to approve it.'
                : `${formatCount(batch.counts.valid)} rewards are on their way.`,
          });
          void navigate(`/orders/batches/${batch.batch_id}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'QUOTE_EXPIRED') {
            setKey(newIdempotencyKey());
            void preview.refetch();
            toast.info('Exchange rates renewed', { description: 'Check the new total and send again.' });
            return;
          }
          if (err instanceof ApiError && err.status < 500 && err.status !== 409) setKey(newIdempotencyKey());
          toast.error('Batch not sent', { description: err.message });
        },
      },
    );

  return (
    <div className="grid gap-4">
      <Card className="grid gap-4 p-6">
        <h2 className="text-lg font-semibold">Check and send</h2>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Figure label="Rows ready" value={`${formatCount(p.valid)} of ${formatCount(p.rows.length)}`} />
          <Figure label="With problems" value={formatCount(p.invalid)} tone={p.invalid ? 'bad' : undefined} />
          <Figure label="Fees" value={money(p.fee_minor)} />
          <Figure label="Total" value={money(p.total_minor)} />
          <Figure label="Available" value={money(p.available_minor)} />
          <Figure label="Balance after" value={money(p.balance_after_minor)} tone={covers ? undefined : 'bad'} />
        </dl>
        {Object.entries(p.rates)
          .filter(([c]) => c !== p.currency)
          .map(([c, rate]) => (
            <p key={c} className="text-xs text-muted-foreground">
              1 {c} = {rate} {p.currency}, held for this batch.
            </p>
          ))}
        {p.needs_approval ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Your organisation’s approval rules catch this batch: it will wait for an owner or admin to approve it.
          </p>
        ) : null}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">If the balance does not cover everything</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'all_or_nothing'}
              onChange={() => setMode('all_or_nothing')}
            />
            <span>
              Send all or nothing: hold the whole total now{covers ? '' : ' (the balance is too low for that)'}
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'send_what_fits'}
              onChange={() => setMode('send_what_fits')}
            />
            <span>
              Send what fits, in row order: {formatCount(p.rows_that_fit)} of {formatCount(p.valid)} rows fit now
            </span>
          </label>
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={allowDuplicates} onChange={(e) => setAllowDuplicates(e.target.checked)} />
          Allow repeated rows (same email, product and amount)
        </label>
        <div className="grid max-w-sm gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Batch name (optional)
          </label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            placeholder="Q4 thank-yous"
          />
        </div>
        {p.invalid ? (
          <p className="text-sm text-muted-foreground">
            {formatCount(p.invalid)} {p.invalid === 1 ? 'line has a problem and is' : 'lines have problems and are'} not
            sent: fix {p.invalid === 1 ? 'it' : 'them'} in the table below first, or send the others without{' '}
            {p.invalid === 1 ? 'it' : 'them'}.
          </p>
        ) : null}
        <div className="flex flex-wrap justify-between gap-3">
          <Button type="button" variant="outline" onClick={onBack}>
            Back to columns
          </Button>
          <Button type="button" disabled={!canSend || create.isPending} onClick={send}>
            {create.isPending || checking ? <Spinner /> : null}
            Send {formatCount(sending)} reward{sending === 1 ? '' : 's'}
          </Button>
        </div>
      </Card>
      <Card className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">Rows</h3>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />
            Only rows with problems ({formatCount(p.invalid)})
          </label>
        </div>
        <p className="sr-only" role="status">
          {checking ? 'Checking the rows again…' : ''}
        </p>
        <ScrollTable label="Rows checked" headings={['Line', 'Email', 'Reward', 'Amount', 'Total', 'Check']}>
          {shown.slice(0, SHOWN_ROWS).map((r) => {
            const input = rows[r.row - 1] ?? {};
            return (
              <tr key={r.row} className="border-t align-top" data-testid="preview-row">
                <td className="py-2 pr-3 tabular-nums">{r.line}</td>
                <td className="min-w-36 py-2 pr-3 [overflow-wrap:anywhere] sm:min-w-48">
                  <EmailText email={input.email} />
                </td>
                <td className="min-w-32 py-2 pr-3">{r.product_name ?? r.product_code ?? ''}</td>
                <td className="py-2 pr-3 tabular-nums">{faceValue(input.amount, r.currency)}</td>
                <td className="py-2 pr-3 tabular-nums">
                  {r.charged_total_minor === null ? '—' : money(r.charged_total_minor)}
                </td>
                <td className="min-w-40 py-2 sm:min-w-48">
                  {r.valid ? (
                    <Badge variant="secondary">Ready</Badge>
                  ) : (
                    <div className="grid gap-2">
                      <ul className="grid gap-0.5 text-destructive">
                        {r.errors.map((e) => (
                          <li key={e.code + e.field}>{e.message}</li>
                        ))}
                      </ul>
                      <RowFix
                        // A new check of the row starts a new form with its cells as they are now.
                        key={JSON.stringify(input)}
                        line={r.line}
                        row={input}
                        errors={r.errors}
                        checking={checking}
                        onFix={(row) => fix(r.row, row)}
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </ScrollTable>
        {shown.length > SHOWN_ROWS ? (
          <p className="text-xs text-muted-foreground">
            Showing the first {SHOWN_ROWS} of {formatCount(shown.length)} rows.
          </p>
        ) : null}
      </Card>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === 'bad' ? 'font-semibold text-destructive' : 'font-semibold'}>{value}</dd>
    </div>
  );
}
