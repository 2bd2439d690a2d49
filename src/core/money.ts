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

/** Whole currency units (as merchants enter thresholds) to minor units. */
export function toMinorUnits(wholeUnits: number): number {
  return Math.round(wholeUnits * 100);
}
