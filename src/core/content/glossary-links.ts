/**
 * Which glossary entry an ingredient of a label links to. An INCI name
 * matches an entry by its name or one of its other names (`Sodium
 * Hyaluronate` is hyaluronic acid), or when it is that name with a part named
 * after it (`Centella Asiatica Extract`).
 */
import { tagHandle } from "../catalog/handles.ts";
import type { GlossaryEntry } from "./content.ts";

/** The glossary page's handle, as the menus link to it. */
export const GLOSSARY_PAGE = "ingredients";

/** The id of an entry on the glossary page: `ingredient-hyaluronic-acid`. */
export const glossaryAnchorOf = (entry: Pick<GlossaryEntry, "tag">): string => `ingredient-${tagHandle(entry.tag.replace(/^ingredient:/, ""))}`;

/** One collator per language: making one is costly, comparing with it is not. */
const collators = new Map<string, Intl.Collator>();

/**
 * The glossary's entries in the site language's alphabetical order (French
 * puts "Écran" among the E's). The server puts them in this order, so the
 * page draws them as they come.
 */
export function inGlossaryOrder<Entry extends Pick<GlossaryEntry, "name">>(entries: readonly Entry[], language: string): Entry[] {
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return [...entries].sort((a, b) => collator.compare(a.name, b.name));
}

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** The anchor each name links to, for the names the glossary explains; others are left out. */
export function glossaryAnchorsFor(names: readonly string[], entries: readonly GlossaryEntry[]): Record<string, string> {
  const keys: [string, string][] = entries.flatMap((entry) =>
    [entry.name, ...[entry.alsoKnownAs ?? "", ...(entry.sourceNames ?? [])].flatMap((names) => names.split(/,| and /))].map(fold).filter((key) => key !== "").map((key): [string, string] => [key, glossaryAnchorOf(entry)]),
  );
  const anchors: Record<string, string> = {};
  for (const name of names) {
    const folded = fold(name);
    const found = keys.find(([key]) => folded === key) ?? keys.find(([key]) => folded.startsWith(`${key} `));
    if (found) anchors[name] = found[1];
  }
  return anchors;
}
