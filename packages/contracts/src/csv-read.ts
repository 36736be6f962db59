import { BATCH_FIELD_ALIASES, BATCH_FIELDS, type BatchField } from './batches';

/**
 * Reads CSV as RFC 4180 writes it (quoted cells with doubled quotes and line breaks, CRLF or LF,
 * a UTF-8 byte-order mark) into rows of cells. Shared by the bulk upload in the web app and the
 * batch API's `text/csv` body, so both read a file alike. Fully blank lines are skipped.
 * Throws CsvError for a quote left open.
 */
export class CsvError extends Error {}

export function readCsv(text: string, opts: { maxRows?: number } = {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') {
      rows.push(row);
      if (opts.maxRows !== undefined && rows.length > opts.maxRows) {
        throw new CsvError(`the file has more than ${opts.maxRows} lines`);
      }
    }
    row = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (quoted) throw new CsvError('a quoted cell is never closed');
  if (cell !== '' || row.length) endRow();
  return rows;
}

const normalise = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Each field's column in `headings`, found by name or alias (undefined when none matches). */
export function guessBatchColumns(headings: readonly string[]): Partial<Record<BatchField, number>> {
  const names = headings.map(normalise);
  const found: Partial<Record<BatchField, number>> = {};
  for (const field of BATCH_FIELDS) {
    const i = names.findIndex((n) => BATCH_FIELD_ALIASES[field].includes(n));
    if (i >= 0) found[field] = i;
  }
  return found;
}

/** The rows of a CSV (after its heading line) as batch rows, by a column for each field. */
export function csvToBatchRows(
  rows: readonly string[][],
  columns: Partial<Record<BatchField, number>>,
): Partial<Record<BatchField, string>>[] {
  return rows.map((cells) => {
    const out: Partial<Record<BatchField, string>> = {};
    for (const field of BATCH_FIELDS) {
      const i = columns[field];
      if (i === undefined) continue;
      const value = cells[i]?.trim();
      if (value) out[field] = value;
    }
    return out;
  });
}
