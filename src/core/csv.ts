/**
 * Writing CSV as spreadsheets read it (RFC 4180): fields with commas, quotes
 * or line breaks are quoted with quotes doubled, lines end in CRLF. A text
 * field that a spreadsheet would run as a formula (starting with = + - @ or
 * a tab or carriage return) is written with a leading apostrophe, so an
 * email or a name typed by a shopper can never become a formula.
 */

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as written: numbers as they are, text guarded and quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A whole document: the header row, then each row, every line ending in CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** Minor units written as a decimal amount in major units ("1250" → "12.50"). */
export const csvMoney = (minor: number): string => (minor / 100).toFixed(2);
