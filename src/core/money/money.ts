/**
 * Formats an amount in minor units with a Shopify money format such as
 * `£{{amount}}` or `{{amount_with_comma_separator}} €`. Every placeholder of
 * Shopify's money-format list is understood; an unknown one becomes ''.
 */
export function formatMoney(cents: number | string, moneyFormat = "${{amount}}"): string {
  const amount = typeof cents === "string" ? Number(cents.replace(".", "")) : cents;
  const minor = Number.isFinite(amount) ? Math.round(amount) : 0;
  return moneyFormat.replace(/\{\{\s*(\w+)\s*\}\}/, (_, placeholder: string) => formatPlaceholder(minor, placeholder));
}

interface NumberStyle {
  decimals: number;
  thousands: string;
  decimal: string;
}

const PLACEHOLDERS: Record<string, NumberStyle> = {
  amount: { decimals: 2, thousands: ",", decimal: "." },
  amount_no_decimals: { decimals: 0, thousands: ",", decimal: "." },
  amount_with_comma_separator: { decimals: 2, thousands: ".", decimal: "," },
  amount_no_decimals_with_comma_separator: { decimals: 0, thousands: ".", decimal: "," },
  amount_with_apostrophe_separator: { decimals: 2, thousands: "'", decimal: "." },
  amount_no_decimals_with_space_separator: { decimals: 0, thousands: " ", decimal: "," },
  amount_with_space_separator: { decimals: 2, thousands: " ", decimal: "," },
  amount_with_period_and_space_separator: { decimals: 2, thousands: " ", decimal: "." },
};

function formatPlaceholder(minor: number, placeholder: string): string {
  const style = PLACEHOLDERS[placeholder];
  if (!style) return "";
  const negative = minor < 0;
  const units = Math.abs(minor) / 100;
  const fixed = units.toFixed(style.decimals);
  const [whole = "0", fraction] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands);
  const text = fraction === undefined ? grouped : `${grouped}${style.decimal}${fraction}`;
  return negative ? `-${text}` : text;
}

/** Whole currency units (as merchants enter thresholds, or a decimal amount read back) to minor units: 12.5 → 1250. */
export function toMinorUnits(wholeUnits: number): number {
  return Math.round(wholeUnits * 100);
}

/** Minor units as a number of whole currency units, as analytics feeds want them: 1250 → 12.5. */
export function toMajorUnits(minor: number): number {
  return Math.round(minor) / 100;
}

/** Minor units as Shopify's decimal amount string, two places, no separators: 1250 → "12.50". */
export function decimalAmount(minor: number): string {
  return (minor / 100).toFixed(2);
}

const MONEY = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** "12.50", "12.5", "12" or "1,250.00" as a merchant types it (a leading currency sign allowed: £, $, €, A$, C$) in minor units; null when it is not an amount. */
export function parseMoney(input: string): number | null {
  const match = MONEY.exec(input.trim().replace(/^[A-Z]{0,2}[£$€]\s*/, ""));
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(",", ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const minor = whole * 100 + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

