/**
 * A calendar day in long form ("12 November 2026", "November 12, 2026", "12 novembre 2026"), as
 * `Intl.DateTimeFormat` writes it in the site's language. The first date formatter a browser page
 * makes loads the browser's calendar data, 20–30 ms of a phone's main thread in the middle of
 * hydration; with the language's shape, worked out where `Intl` is cheap (the server) and carried
 * with the page, the browser writes days without one.
 */

/** The options every long-form day is written with: the day as stored, in UTC. */
export const LONG_DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" };

/** How a language writes a long-form day: its parts in order (texts between them as they are) and its months' names. */
export interface DayShape {
  parts: readonly ("day" | "month" | "year" | { text: string })[];
  months: readonly string[];
}

/** Days the shape is checked against: every month, one- and two-digit days, a leap day. */
const CHECKED_DAYS = [...Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, month % 2 ? 9 : 28)), Date.UTC(2024, 1, 29), Date.UTC(2031, 0, 1), Date.UTC(1999, 11, 31)];

/** The shape of a long-form day in `language`, or null when it cannot be written from one (then days go through `Intl`). */
export function dayShapeOf(language: string): DayShape | null {
  let shape = dayShapes.get(language);
  if (shape === undefined) dayShapes.set(language, (shape = workOutDayShape(language)));
  return shape;
}

/** Shapes worked out, by language: a site's pages ask for theirs each time its settings or catalogue change. */
const dayShapes = new Map<string, DayShape | null>();

function workOutDayShape(language: string): DayShape | null {
  try {
    const format = new Intl.DateTimeFormat(language, LONG_DAY);
    const parts: DayShape["parts"][number][] = [];
    for (const part of format.formatToParts(Date.UTC(2026, 0, 28))) {
      if (part.type === "day" || part.type === "month" || part.type === "year") parts.push(part.type);
      else if (part.type === "literal") parts.push({ text: part.value });
      else return null;
    }
    const months = Array.from({ length: 12 }, (_, month) => format.formatToParts(Date.UTC(2026, month, 28)).find((part) => part.type === "month")?.value ?? "");
    const shape: DayShape = { parts, months };
    return CHECKED_DAYS.every((day) => writeDay(new Date(day), shape) === format.format(day)) ? shape : null;
  } catch {
    return null;
  }
}

function writeDay(date: Date, shape: DayShape): string {
  let text = "";
  for (const part of shape.parts) {
    if (part === "day") text += String(date.getUTCDate());
    else if (part === "month") text += shape.months[date.getUTCMonth()];
    else if (part === "year") text += String(date.getUTCFullYear());
    else text += part.text;
  }
  return text;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The day of `iso` (a date or a moment, read in UTC) in long form in `language`. */
export function longDay(iso: string, language: string, shape?: DayShape | null): string {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  if (shape && year >= 1000 && year <= 9999) return writeDay(date, shape);
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.DateTimeFormat(language, LONG_DAY)));
  return format.format(date);
}
