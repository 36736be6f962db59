import {
  BATCH_FIELDS,
  BATCH_MAX_ROWS,
  type BatchField,
  type BatchRowInput,
  type BatchRowStatus,
  CsvError,
  csvToBatchRows,
  guessBatchColumns,
  REQUIRED_BATCH_FIELDS,
  readCsv,
} from '@giftrelay/contracts';
import { localTimeToIso } from '@/lib/send-at';

/** An uploaded or pasted CSV: its heading line and the rows under it. */
export interface Sheet {
  source: string;
  headings: string[];
  lines: string[][];
}

export type Columns = Partial<Record<BatchField, number>>;

/** Reads CSV text into a sheet; throws an Error whose message the page shows. */
export function readSheet(text: string, source: string): Sheet {
  let rows: string[][];
  try {
    rows = readCsv(text, { maxRows: BATCH_MAX_ROWS + 1 });
  } catch (err) {
    if (err instanceof CsvError) throw new Error(`This file cannot be read: ${err.message}.`);
    throw err;
  }
  const [headings, ...lines] = rows;
  if (!headings || !lines.length) throw new Error('The file needs a heading line and at least one row under it.');
  return { source, headings: headings.map((h) => h.trim()), lines };
}

export const guessColumns = (sheet: Sheet): Columns => guessBatchColumns(sheet.headings);

/** The rows as the API takes them; a send_at without a zone is read in the sender's time zone. */
export const rowsOf = (sheet: Sheet, columns: Columns): BatchRowInput[] =>
  csvToBatchRows(sheet.lines, columns).map((r) => (r.send_at ? { ...r, send_at: localTimeToIso(r.send_at) } : r));

export const FIELD_LABELS: Record<BatchField, string> = {
  email: 'Email',
  amount: 'Amount',
  product_code: 'Product code',
  quantity: 'Quantity',
  recipient_name: 'Recipient name',
  message: 'Message',
  send_at: 'Send at',
  expires_at: 'Expires at',
  // Decision 080: a row's own choice set (its id) and the currency of its amount.
  choice_set: 'Choice set',
  currency: 'Currency',
  // Decision 082: the recipient's mobile number, texted the claim link too.
  phone: 'Mobile',
};

/**
 * A CSV for people starting from nothing: recipients and amounts, the reward being chosen on the
 * page (a product_code column may still be added, and overrides it).
 */
const TEMPLATE_FIELDS = BATCH_FIELDS.filter((f) => f !== 'product_code' && f !== 'choice_set' && f !== 'currency');
export const TEMPLATE_CSV = `${TEMPLATE_FIELDS.join(',')}\r\nada@example.com,25,1,Ada Lovelace,Thank you!,\r\n`;

/** The fields a row must have: with no reward (or choice set) for every row, its product code too. */
export const requiredFields = (hasDefaultProduct: boolean): readonly BatchField[] =>
  hasDefaultProduct ? REQUIRED_BATCH_FIELDS : [...REQUIRED_BATCH_FIELDS, 'product_code'];

export const ROW_STATUS_LABELS: Record<BatchRowStatus, string> = {
  invalid: 'Not sent: problems',
  queued: 'Queued',
  ordered: 'Ordered',
  insufficient_funds: 'Not sent: balance too low',
  rejected: 'Rejected',
};
