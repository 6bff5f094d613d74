import { Readable } from "node:stream";

/**
 * CSV as RFC 4180 describes it (CRLF line ends; a field holding a comma, quote, CR or LF is
 * quoted with inner quotes doubled), made safe to open in a spreadsheet: a cell that starts
 * with = + - @ (or a tab or carriage return) would be run as a formula, so it is prefixed with
 * a single quote (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF line end. */
export function csvLine(row: ReadonlyArray<string | number | null>): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  return [header, ...rows].map(csvLine).join("");
}

/** A CSV body streamed from `rows` (a header line, then one line per row): memory stays flat. */
export function csvAttachment<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  toRow: (row: T) => ReadonlyArray<string | number | null>,
): Readable {
  async function* lines() {
    yield csvLine(header);
    for await (const row of rows) yield csvLine(toRow(row));
  }
  return Readable.from(lines());
}
