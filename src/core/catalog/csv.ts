/**
 * CSV as spreadsheets read and write it (RFC 4180): fields with commas,
 * quotes, line breaks or spaces at their ends are quoted with quotes
 * doubled, and lines end in CRLF. Documents made for a spreadsheet write a
 * text field it would run as a formula (starting with = + - @ or a tab or
 * carriage return) with a leading apostrophe, so text a shopper typed can
 * never become a formula. The shop's own files (a catalog export) are
 * guarded the same way and unguarded when read back, so a round trip keeps
 * the text.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** Text that, past any apostrophes leading it, starts the way a spreadsheet formula does. */
const FORMULA_PAST_APOSTROPHES = /^'*[=+\-@\t\r]/;

/**
 * Text as a spreadsheet may hold it: one more apostrophe before text it
 * would run as a formula, even when apostrophes already lead it, so
 * `unguardFormula` gives back exactly the text.
 */
export const guardFormula = (value: string): string => (FORMULA_PAST_APOSTROPHES.test(value) ? `'${value}` : value);

/** The text `guardFormula` was given. */
export const unguardFormula = (cell: string): string => (cell.startsWith("'") && FORMULA_PAST_APOSTROPHES.test(cell) ? cell.slice(1) : cell);

/** Text quoted when it must be. */
const quoted = (value: string) => (/[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** One field for a spreadsheet: numbers as they are, text guarded against formulas and quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  return quoted(guardFormula(value));
}

/** A whole document: the header row, then each row, every line ending in CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

export interface CsvRecord {
  /** The line of the file where the record starts (1 is the header). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/**
 * Reads CSV text into records, each with the line it starts on. A field in
 * double quotes may hold commas, line breaks and doubled quotes; a quote
 * elsewhere, or a quote left open, is a syntax error naming its line. A
 * leading byte-order mark and blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let wasQuoted = false;
  let index = 0;
  const endField = () => {
    fields.push(field);
    field = "";
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
  };
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        wasQuoted = true;
        index += 1;
        continue;
      }
      if (char === "\n") line += 1;
      field += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (field !== "" || wasQuoted) throw new CsvSyntaxError(line, "A quote mark inside a field that does not start with one: put the whole field in quotes and double the quote marks inside it.");
      quoted = true;
      index += 1;
      continue;
    }
    if (char === ",") {
      endField();
      index += 1;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRecord();
      index += char === "\r" && source[index + 1] === "\n" ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    if (wasQuoted) throw new CsvSyntaxError(line, "Text after a closing quote mark: put the whole field in quotes.");
    field += char;
    index += 1;
  }
  if (quoted) throw new CsvSyntaxError(recordLine, "A quoted field is never closed: add the closing quote mark.");
  if (field !== "" || wasQuoted || fields.length > 0) endRecord();
  return records;
}

/** Rows of text as CSV for files the shop reads back (a catalog export): guarded against formulas, read back with `unguardFormula`. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map((value) => quoted(guardFormula(value))).join(",")}\r\n`).join("");
}
