import { absoluteUrl, canonicalLink, headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";

type Matches = Parameters<typeof shopNameOf>[0];

/** A content page's head: its search title and description, the canonical address and the social card. */
export function contentMeta(matches: Matches, page: { title: string; description: string; path: string; type?: "article" | "website"; image?: string | null } | null) {
  const shopName = shopNameOf(matches);
  if (!page) return [{ title: pageTitle(headTextOf(matches)("page_not_found"), shopName) }, { name: "robots", content: "noindex" }];
  return [
    { title: pageTitle(page.title, shopName) },
    { name: "description", content: page.description },
    canonicalLink(matches, page.path),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: absoluteUrl(matches, page.path) },
    { property: "og:site_name", content: shopName },
    ...(page.image ? [{ property: "og:image", content: absoluteUrl(matches, page.image) }] : []),
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
}
