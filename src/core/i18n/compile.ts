/**
 * Compiles a catalogue's ICU MessageFormat texts for Lingui's runtime. Runs
 * where catalogues are loaded (the server), so pages carry compiled messages
 * and the browser needs no parser.
 */
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { CompiledMessages } from "./messages.ts";

const compiled = new WeakMap<object, CompiledMessages>();

/** Every text of a catalogue compiled, once per catalogue object. */
export function compileCatalogue(texts: Readonly<Record<string, string>>): CompiledMessages {
  let messages = compiled.get(texts);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(texts).map(([key, text]) => {
        try {
          return [key, compileMessageOrThrow(text)];
        } catch (error) {
          throw new Error(`The message ${key} is not valid ICU MessageFormat: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      }),
    );
    compiled.set(texts, messages);
  }
  return messages;
}
