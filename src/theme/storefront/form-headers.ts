/**
 * The headers a page keeps from its form's answer. React Router passes only
 * an action's cookies to the page by itself; a refused form's wait
 * (Retry-After on a 429) and its Cache-Control must reach the browser too.
 */
const KEPT = ["Retry-After", "Cache-Control"] as const;

/** The page's headers after its action ran: `base` first, then what the action's answer said. */
export function formAnswerHeaders({ actionHeaders }: { actionHeaders: Headers }, base: Record<string, string> = {}): Headers {
  const headers = new Headers(base);
  for (const name of KEPT) {
    const value = actionHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}
