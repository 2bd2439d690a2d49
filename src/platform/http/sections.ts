/**
 * Shopify's Section Rendering API over the theme's own sections:
 *
 *   GET {page}?sections=a,b         JSON { a: html, b: html }, null for a section that page lacks; at most five
 *   GET {page}?section_id=a         the one section's HTML, 404 when there is none
 *   POST /cart/add.js … sections=a  the cart's answer carries `sections`, rendered for `sections_url`
 *                                   (a path of this shop) or else the page the request came from
 *
 * A section is rendered by rendering its page for the shopper as it stands
 * and taking the section's element from it, so it is always what that page
 * would show. Cart sections are rendered from the cart page, whichever page
 * asks.
 */
import type { Context } from "hono";
import { badRequest } from "./errors.ts";
import { sectionInnerHtml, wrapSection } from "./section-html.ts";
import { safeLocalPath } from "./requests.ts";
import { QUIZ_STAGE_SECTIONS, ROUTINE_SCREEN_SECTIONS, kitStepOf } from "../../core/content/editor-sections.ts";

/** Shopify's limit on the sections one request renders. */
export const MAX_SECTIONS = 5;

/**
 * The theme's sections and the page each is rendered from: `null` for the
 * page asked for, a path for a section that lives on one page only.
 */
export const THEME_SECTIONS: Readonly<Record<string, string | null>> = {
  /** The header's cart link and its count. */
  "cart-icon-bubble": null,
  /** The side cart's content: the cart's lines, bars, gifts and totals. */
  "cart-drawer": "/cart",
  /** The cart page's lines. */
  "main-cart-items": "/cart",
  /** The cart page's totals and checkout button. */
  "main-cart-footer": "/cart",
  /** A collection's product grid with its count, filters and paging. */
  "main-collection-product-grid": null,
  /** A collection's product count. */
  "product-count": null,
  /** A product page's gallery, choices, price and buy buttons. */
  "main-product": null,
  /** Search results with their count and paging. */
  "main-search": null,
  /** Predictive search results for `/search/suggest?q=`. */
  "predictive-search": null,
  /** The bar at the top of every page. */
  "announcement-bar": null,
  /** The home page's slideshow. */
  "hero-slideshow": null,
  /** The footer's newsletter sign-up. */
  "newsletter-form": null,
  /** The quiz bundle builder's intro: the stage its page is drawn with. */
  [QUIZ_STAGE_SECTIONS[1]]: null,
  /** The routine builder's start screen: the screen its page is drawn with. */
  [ROUTINE_SCREEN_SECTIONS.start]: null,
};

/** The page a theme section is rendered from (null: the page asked for), or undefined for no section of the theme. The kit builder's steps are sections of its page. */
export function themeSectionSource(id: string): string | null | undefined {
  if (Object.hasOwn(THEME_SECTIONS, id)) return THEME_SECTIONS[id];
  return kitStepOf(id) === null ? undefined : null;
}

/** Renders a page of the theme for the shopper of `c` (with `cartToken`'s cart) and answers its HTML. */
export type PageRenderer = (c: Context, path: string, cartToken?: string) => Promise<string>;

/** The section ids asked for in `sections` (a comma list or a list), each once. */
export function readSectionIds(value: unknown): string[] {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === "string" ? part.split(",") : []));
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
}

/** The page a cart call's sections are rendered for: `sections_url` when given (a path of this shop), else where the request came from. */
export function sectionsPage(c: Context, sectionsUrl: unknown): string {
  if (sectionsUrl !== undefined && sectionsUrl !== null && sectionsUrl !== "") {
    const path = safeLocalPath(sectionsUrl, "");
    if (!path) throw badRequest("sections_url must be a path of this shop, such as /products/handle");
    return path;
  }
  const referer = c.req.header("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(c.req.url).origin) return `${from.pathname}${from.search}`;
    } catch {
      // An unreadable Referer is no page of the shop.
    }
  }
  return "/";
}

/** The page `path` without the Section Rendering parameters, so rendering it renders the whole page. */
function withoutSectionParameters(path: string): string {
  const url = new URL(path, "http://shop.invalid");
  for (const name of ["sections", "sections[]", "section_id", "sections_url"]) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

/** Each section's wrapped HTML as rendered for `path`, null for one the theme does not have or that page lacks. */
export async function renderSections(render: PageRenderer, c: Context, ids: readonly string[], path: string, cartToken?: string): Promise<Record<string, string | null>> {
  if (ids.length > MAX_SECTIONS) throw badRequest(`At most ${MAX_SECTIONS} sections can be rendered at once`);
  const page = withoutSectionParameters(path);
  const pages = new Map<string, Promise<string>>();
  const htmlOf = (source: string) => {
    let html = pages.get(source);
    if (!html) pages.set(source, (html = render(c, source, cartToken)));
    return html;
  };
  const answers = await Promise.all(
    ids.map(async (id) => {
      const source = themeSectionSource(id);
      if (source === undefined) return [id, null] as const;
      const inner = sectionInnerHtml(await htmlOf(source ?? page), id);
      return [id, inner === null ? null : wrapSection(id, inner)] as const;
    }),
  );
  return Object.fromEntries(answers);
}

/** The renderer cart routes find on the request, set by the server when it has a theme. */
export const SECTION_RENDERER_KEY = "sectionRenderer";

export function sectionRendererOf(c: Context): PageRenderer | undefined {
  return c.get(SECTION_RENDERER_KEY as never) as PageRenderer | undefined;
}
