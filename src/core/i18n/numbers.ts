/**
 * Numbers in texts ("2 items", "Rated 4.5"), written the way `Intl.NumberFormat` writes them in the
 * text's locale. The first number formatter a browser page makes loads the browser's number data,
 * 15–35 ms of a phone's main thread; small plain numbers, the usual case in a shop's texts, are
 * written without one when the locale's shape is known. The shape is worked out where `Intl` is
 * cheap (the server) and travels with the page's texts.
 */

/** How a locale writes a plain number below a thousand: the digits 0–9 and this decimal sign. */
export interface NumberShape {
  decimal: string;
}

/**
 * The shape of plain numbers in `locale`, or null when it does not write them with the digits
 * 0–9 and one decimal sign (then every number goes through `Intl`).
 */
export function numberShapeOf(locale: string): NumberShape | null {
  let shape = numberShapes.get(locale);
  if (shape === undefined) numberShapes.set(locale, (shape = workOutNumberShape(locale)));
  return shape;
}

/** Shapes worked out, by locale: a site's pages ask for theirs each time its settings or catalogue change. */
const numberShapes = new Map<string, NumberShape | null>();

function workOutNumberShape(locale: string): NumberShape | null {
  try {
    const format = new Intl.NumberFormat(locale);
    const decimal = format.formatToParts(1.5).find((part) => part.type === "decimal")?.value;
    if (decimal === undefined || format.format(1.5) !== `1${decimal}5`) return null;
    return format.format(987) === "987" && format.format(0.125) === `0${decimal}125` ? { decimal } : null;
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `value` as `Intl.NumberFormat(locale)` writes it. Without a formatter when `shape` is given and
 * the value is at least 0 and under 1,000 with at most three decimals (below a thousand no
 * grouping sign is written, and three decimals is the most a plain number shows).
 */
export function formatNumber(locale: string, value: number, shape?: NumberShape | null): string {
  if (shape && value >= 0 && value < 1000 && !Object.is(value, -0) && Math.round(value * 1000) === value * 1000) {
    return shape.decimal === "." ? String(value) : String(value).replace(".", shape.decimal);
  }
  let format = formatters.get(locale);
  if (!format) formatters.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category ("one", "few", "other"…) of `value` in `locale`, as ICU plurals choose by. */
export function pluralCategory(locale: string, value: number, ordinal = false): Intl.LDMLPluralRule {
  const key = `${ordinal ? "ordinal" : "cardinal"} ${locale}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type: ordinal ? "ordinal" : "cardinal" })));
  return rules.select(value);
}
