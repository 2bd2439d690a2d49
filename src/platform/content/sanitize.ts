/**
 * Rich text as the shop stores it: a small set of text tags, links only to
 * web, mail and phone addresses or paths of the shop, and nothing that runs.
 * Everything written into a page, an article or a policy passes through here
 * when it is saved, so the theme can draw it as it is.
 */
import { createRequire } from "node:module";
import type sanitize from "sanitize-html";

// The sanitiser is loaded when text is first saved or described, not with the server: a shop at rest never needs it.
let library: typeof sanitize | undefined;
const sanitizeHtml = (html: string, options: sanitize.IOptions): string => (library ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitize)(html, options);

const TAGS = ["h2", "h3", "h4", "p", "ul", "ol", "li", "strong", "em", "b", "i", "a", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "br", "hr", "abbr"];

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: { a: ["href", "title", "rel"], abbr: ["title"], th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"] },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    // Links that leave the shop open where they always did, and tell the other site nothing of who sent the shopper.
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        return /^https?:/i.test(href) ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs };
      },
    },
  });
}

/** Plain text of a rich text, for descriptions and excerpts. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
