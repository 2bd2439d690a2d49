/**
 * Compiles a catalogue's ICU MessageFormat texts for Lingui's runtime. Runs
 * where catalogues are loaded (the server), so pages carry compiled messages
 * and the browser needs no parser.
 */
import { type CompiledMessage, type CompiledMessageToken, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { type CompiledMessages, NUMBER_CATEGORY, NUMBER_EXACT, NUMBER_WRITTEN } from "./messages.ts";

const compiled = new WeakMap<object, CompiledMessages>();

/** Every text of a catalogue compiled, once per catalogue object. */
export function compileCatalogue(texts: Readonly<Record<string, string>>): CompiledMessages {
  let messages = compiled.get(texts);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(texts).map(([key, text]) => {
        try {
          return [key, numbersWrittenAhead(compileMessageOrThrow(text))];
        } catch (error) {
          throw new Error(`The message ${key} is not valid ICU MessageFormat: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      }),
    );
    compiled.set(texts, messages);
  }
  return messages;
}

const CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

/**
 * A compiled message that reads its numbers already written: a plural chooses its branch by the
 * category and exact value the translator works out (messages.ts), and `#` and `{n, number}` are
 * the number as the translator wrote it. Lingui's plural formats its number with `Intl` whether or
 * not the branch shows it; this way a page writes "2 items" without a number formatter. The text
 * is the same as Lingui's plural would write. A plural with an offset is left to Lingui.
 */
export function numbersWrittenAhead(message: CompiledMessage): CompiledMessage {
  // A branch may be compiled to a bare text.
  if (!Array.isArray(message)) return message;
  return message.map((token): CompiledMessageToken => {
    if (typeof token === "string") return token;
    const [name, type, format] = token;
    if (type === "number" && format === undefined) return [`${name}${NUMBER_WRITTEN}`];
    if (type === "select" && format) return [name, type, mapBranches(format, numbersWrittenAhead)];
    // Lingui compiles every plural with an `offset` key, undefined unless the text gives one.
    if (type !== "plural" || typeof format !== "object" || format === null || ("offset" in format && format.offset)) return token;
    const categories: Record<string, CompiledMessage> = {};
    const exact: Record<string, CompiledMessage> = {};
    for (const [key, branch] of Object.entries(format as Record<string, CompiledMessage>)) {
      // `#` stands for the number in a plural's own branch, not in a choice nested inside it.
      const written = Array.isArray(branch) ? numbersWrittenAhead(branch.map((part) => (part === "#" ? [`${name}${NUMBER_WRITTEN}`] : part))) : branch;
      if (CATEGORIES.has(key)) categories[key] = written;
      else exact[`=${key}`] = written;
    }
    const byCategory: CompiledMessageToken = [`${name}${NUMBER_CATEGORY}`, "select", categories];
    // An exact value's branch comes before the category's.
    return Object.keys(exact).length ? [`${name}${NUMBER_EXACT}`, "select", { ...exact, other: [byCategory] }] : byCategory;
  });
}

function mapBranches(format: object, change: (branch: CompiledMessage) => CompiledMessage): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(format as Record<string, CompiledMessage>).map(([key, branch]) => [key, change(branch)]));
}
