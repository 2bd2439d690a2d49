/**
 * Finding a section in a rendered page: the element that carries
 * `data-section-id="{id}"`, with everything inside it. The page is the
 * theme's own server-rendered HTML, whose tags are always closed, so
 * counting the element's own tag name open and closed finds its end.
 */

import { SECTION_ATTRIBUTE } from "../../core/content/theme-editor.ts";

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** The inner HTML of the element marked as section `id`, or null when the page has none. */
export function sectionInnerHtml(html: string, id: string): string | null {
  const marker = `${SECTION_ATTRIBUTE}="${id}"`;
  const at = html.indexOf(marker);
  if (at < 0) return null;
  const open = html.lastIndexOf("<", at);
  const tag = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(open))?.[1]?.toLowerCase();
  if (!tag || VOID.has(tag)) return null;
  const start = html.indexOf(">", at) + 1;
  if (start === 0) return null;
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s>/])[^>]*>`, "gi");
  pattern.lastIndex = start;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match[1]) depth -= 1;
    else if (!match[0].endsWith("/>")) depth += 1;
    if (depth === 0) return html.slice(start, match.index);
  }
  return null;
}

/** A section's HTML as Shopify's Section Rendering API answers it: wrapped in its `shopify-section-{id}` element. */
export function wrapSection(id: string, inner: string): string {
  return `<div id="shopify-section-${id}" class="shopify-section">${inner}</div>`;
}
