/** Helpers for the `meta` exports of the routes: titles like "Vitamin C Serum – Shop" and plain-text descriptions. */

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

function rootShop(matches: readonly (MatchLike | undefined)[]): { name?: string; currency?: string; url?: string } | undefined {
  return (matches.find((match) => match?.id === "root")?.loaderData as { shop?: { name?: string; currency?: string; url?: string } } | undefined)?.shop;
}

/** A path of the shop as a full address, for canonical links and social cards; the path alone when the address is unknown. */
export function absoluteUrl(matches: readonly (MatchLike | undefined)[], path: string): string {
  return `${rootShop(matches)?.url ?? ""}${path}`;
}

/** The canonical link of a page: its address without filters, paging or tracking parameters. */
export function canonicalLink(matches: readonly (MatchLike | undefined)[], path: string) {
  return { tagName: "link", rel: "canonical", href: absoluteUrl(matches, path) } as const;
}

/** The shop's name from the root route's data, as every route's `meta` sees it. */
export function shopNameOf(matches: readonly (MatchLike | undefined)[]): string {
  return rootShop(matches)?.name ?? "Shop";
}

export function shopCurrencyOf(matches: readonly (MatchLike | undefined)[]): string {
  return rootShop(matches)?.currency ?? "USD";
}

export function pageTitle(title: string | null | undefined, shopName: string): string {
  return title ? `${title} – ${shopName}` : shopName;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Description HTML as one line of text, cut at a word near `max` characters. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
