/** What the back office's lists share: a typed search taken literally, and the page asked for kept within the list. */

/** `%`, `_` and `\` match themselves in a LIKE pattern (used with `escape '\'`). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** "Contains" as a LIKE pattern. */
export const containing = (text: string) => `%${likeLiteral(text)}%`;

/** The page asked for as a whole number from 1, or 1. */
export const requestedPage = (page: number | undefined) => (Number.isSafeInteger(page) && (page ?? 0) > 0 ? (page as number) : 1);

/** The list's page count and the page to show: one past the end shows the last page. */
export function pageWithin(requested: number, total: number, perPage: number): { page: number; pageCount: number } {
  const pageCount = Math.ceil(total / perPage);
  return { pageCount, page: Math.min(requested, Math.max(1, pageCount)) };
}
