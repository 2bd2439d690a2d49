/**
 * The variables a shop text fills in when it is shown: ICU arguments
 * (`{count}`, `{count, plural, …}`), the settings' bracketed ones
 * (`[amount]`, `[x]`) and Liquid's (`{{amount}}`, `{{price:handle}}`). A
 * translation must use the same ones as its original: a renamed or dropped
 * variable would show the shopper a raw `{montant}` or lose the amount.
 */
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

const LIQUID = /\{\{\s*([^{}]+?)\s*\}\}/g;
const BRACKETED = /\[([a-z_]+)\]/g;
/** An ICU argument, read plainly where the text is not valid ICU. */
const PLAIN_ARGUMENT = /\{\s*([A-Za-z_][\w]*)\s*[,}]/g;

function argumentsOf(message: CompiledMessage, found: Set<string>): void {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, , format] = token;
    found.add(`{${name}}`);
    // A plural's or select's choices may name more arguments.
    if (format && typeof format === "object") for (const [key, choice] of Object.entries(format)) if (key !== "offset" && Array.isArray(choice)) argumentsOf(choice as CompiledMessage, found);
  }
}

/** The placeholders of a text, each written as the merchant writes it: `{count}`, `[amount]`, `{{amount}}`. */
export function placeholdersOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(LIQUID)) found.add(`{{${match[1]}}}`);
  for (const match of text.matchAll(BRACKETED)) found.add(`[${match[1]}]`);
  const rest = text.replace(LIQUID, "");
  if (!rest.includes("{")) return found;
  try {
    argumentsOf(compileMessageOrThrow(rest), found);
  } catch {
    for (const match of rest.matchAll(PLAIN_ARGUMENT)) found.add(`{${match[1]}}`);
  }
  return found;
}

const listed = (names: readonly string[]) => names.join(", ");

/**
 * Why a translation cannot stand for its original, in the back office's
 * words, or null when both use the same placeholders. An empty translation
 * (the original shows) has none to check.
 */
export function placeholderProblem(original: string, translation: string): string | null {
  if (translation.trim() === "") return null;
  const wanted = placeholdersOf(original);
  const used = placeholdersOf(translation);
  const missing = [...wanted].filter((name) => !used.has(name));
  const unknown = [...used].filter((name) => !wanted.has(name));
  if (!missing.length && !unknown.length) return null;
  const parts = [
    ...(missing.length ? [`it leaves out ${listed(missing)}`] : []),
    ...(unknown.length ? [`${listed(unknown)} ${unknown.length === 1 ? "is" : "are"} not in the original`] : []),
  ];
  return `The translation must keep the original's placeholders exactly as written (${listed([...wanted]) || "none"}): ${parts.join(", and ")}`;
}
