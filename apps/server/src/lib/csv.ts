/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: a cell that a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, and
 * a cell with a comma, quote or line break is quoted with its quotes doubled. Rows end in CRLF.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Excel reads a file as UTF-8 only when it starts with this mark. */
export const CSV_BOM = '\uFEFF';

/** `attachment; filename="..."` for a download named after today's date. */
export const csvAttachment = (prefix: string, now = new Date()) =>
  `attachment; filename="${prefix}-${now.toISOString().slice(0, 10)}.csv"`;
