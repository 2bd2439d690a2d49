import { Buffer } from "node:buffer";
import { type FragmentCatcher, keepFragment } from "../chunks/kept-fragments.ts";

const COMMENT = Buffer.from("<!--");
const CLOSE_DIV = Buffer.from("</div>");
/** A finished Suspense boundary opens with this comment and closes with the next; any other boundary (still pending, failed) is not kept. */
const OPEN_BOUNDARY = Buffer.from("<!--$-->");
const CLOSE_BOUNDARY = Buffer.from("<!--/$-->");
const DOLLAR = 0x24;

/**
 * Where the HTML inside a part's element ends in `bytes`, which hold it from
 * `from`: after the boundary it opens with closes (boundaries inside it
 * counted), right before the element's `</div>`. -1 when it does not end
 * in `bytes`, or holds a boundary that was not finished on the server.
 */
export function partEnd(bytes: Buffer, from: number): number {
  if (bytes.compare(OPEN_BOUNDARY, 0, OPEN_BOUNDARY.length, from, from + OPEN_BOUNDARY.length) !== 0) return -1;
  let depth = 0;
  for (let at = from; ; ) {
    at = bytes.indexOf(COMMENT, at);
    if (at === -1) return -1;
    if (bytes.compare(CLOSE_BOUNDARY, 0, CLOSE_BOUNDARY.length, at, at + CLOSE_BOUNDARY.length) === 0) {
      depth -= 1;
      at += CLOSE_BOUNDARY.length;
      if (depth === 0) return bytes.compare(CLOSE_DIV, 0, CLOSE_DIV.length, at, at + CLOSE_DIV.length) === 0 ? at : -1;
    } else if (bytes[at + COMMENT.length] === DOLLAR) {
      if (bytes.compare(OPEN_BOUNDARY, 0, OPEN_BOUNDARY.length, at, at + OPEN_BOUNDARY.length) !== 0) return -1;
      depth += 1;
      at += OPEN_BOUNDARY.length;
    } else {
      at += COMMENT.length;
    }
  }
}

/**
 * One page's catch of the parts it was asked to keep (see
 * chunks/kept-fragments.ts): the page's bytes pass through `observe` as
 * they go out, and the HTML inside a wanted part's element is kept under
 * the part's key. A part must arrive whole within one piece of the page (a
 * frame part always does: it is in the shell, which goes out at once);
 * a part cut across pieces is simply not kept this time.
 */
export class FragmentCatch implements FragmentCatcher {
  /** The wanted parts by name: the opening tag of the part's element, and the key to keep its HTML under. */
  private readonly wanted = new Map<string, { open: Buffer; key: string }>();

  want(part: string, key: string): void {
    this.wanted.set(part, { open: Buffer.from(`<div class="later" data-later="${part}">`), key });
  }

  observe(bytes: Buffer): void {
    if (this.wanted.size === 0) return;
    for (const [part, { open, key }] of this.wanted) {
      const at = bytes.indexOf(open);
      if (at === -1) continue;
      this.wanted.delete(part);
      const from = at + open.length;
      const end = partEnd(bytes, from);
      if (end !== -1) keepFragment(key, bytes.toString("utf8", from, end));
    }
  }
}
