/**
 * Storefront pages rendered once and served many times. A page is kept only
 * when it is the same for every shopper the request could come from: a GET
 * (or HEAD) of a storefront page by a shopper the server knows nothing about
 * (no cart, customer session, bot-check pass or back-office session), status
 * 200, no cookie set. It is kept under everything rendering reads: the
 * address, the data request form (`.data` is an address of its own), the
 * settings version, the catalog and stock revisions, the site and the
 * shop's origin, the cookie choices a page shows (consent, the footer's
 * country), whether a crawler asked (it gets the page whole, not streamed),
 * and the stretch of time the page holds over (page-clock.ts: from one of
 * the rules' boundaries, a countdown's end or a schedule's change, to the
 * next). A change on any
 * server moves a revision or version in the database, so the key changes and
 * the old copy is never served again; it ages out of the LRU.
 *
 * The page's script nonce is never served twice: a copy is kept split where
 * its render's nonce stood (a random value the page's content could not know
 * when it was rendered), and each answer joins the pieces with a fresh one
 * named in its own Content-Security-Policy.
 *
 * Browsers that take gzip get the page compressed once, when it was kept:
 * each piece is deflated on its own, ending on a byte boundary, and an
 * answer is those pieces with the fresh nonce between them as stored
 * (uncompressed) deflate blocks, in a gzip frame whose checksum is put
 * together from the pieces' checksums, taken once, and the nonce's.
 *
 * Browsers that take Brotli get it once the page is served a second time:
 * the Brotli copy (brotli-pieces.ts) is made then, off the event loop, so a
 * page asked for once (a crawler's walk through the catalog) costs no more
 * than before. Each encoding has its own ETag and Content-Length.
 */
import { createHash } from "node:crypto";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import { acceptsBrotli, acceptsGzip } from "./compression.ts";
import { brotliPieces, joinBrotliPieces } from "./brotli-pieces.ts";
import { crc32Combine, crc32Shift } from "./crc32-combine.ts";
import { isbot } from "isbot";
import { CONSENT_COOKIE, consentFromCookieHeader, serializeConsent } from "../core/marketing/consent.ts";
import { LOCALIZATION_COOKIE, countryFromCookieHeader } from "../core/sites/localization.ts";
import { DESIGN_MODE_PARAMETER } from "../core/content/theme-editor.ts";
import { CHALLENGE_COOKIE, SESSION_COOKIE } from "../platform/http/account-cookies.ts";
import { ADMIN_SESSION_COOKIE } from "../platform/admin/admin-client.ts";
import { type PagePolicyOptions, newNonce, pageSecurityPolicy } from "../platform/http/security-headers.ts";

/**
 * Cookies that make a page the shopper's own (their account, a passed bot
 * check, staff): such requests are rendered. The cart cookie is not one: a
 * page shows of the cart only its item count, which is part of the key.
 */
const SHOPPER_COOKIES = new Set([SESSION_COOKIE, CHALLENGE_COOKIE, ADMIN_SESSION_COOKIE]);
/** Cookies a page shows but that take few values: they are part of the key. */
const KEYED_COOKIES = new Set([CONSENT_COOKIE, LOCALIZATION_COOKIE]);

/** Pages that are a shopper's own or a form's step: the back office, the account, the cart, checkout, orders, the bot check. */
const SHOPPER_PAGES = /^\/(admin|account|cart|checkout|orders|challenge)(?=$|[/.])/;

/** A kept page: its answer without the per-response headers, the body (UTF-8, ready to send) cut where the nonce stood. */
export interface KeptPage {
  parts: Buffer[];
  /** Each part deflated on its own: all but the last end with an empty stored block (byte-aligned, stream open), the last ends the stream. */
  deflated: Buffer[];
  /** Each part's CRC-32 and the operator that appends its length (crc32-combine.ts): a gzip answer's checksum without reading the page. */
  crcs: { crc: number; shift: number }[];
  /** The Brotli copy's pieces (brotli-pieces.ts), once made; null when the page cannot have one. */
  brotli?: Buffer[] | null;
  /** The length of the nonce the page is cut at. */
  nonceLength: number;
  headers: [string, string][];
  /** The page's Vary with Accept-Encoding in it: its answers differ by it. */
  vary: string;
  /** The plain answer's ETag; the gzip and Brotli answers' add `-gzip` and `-br` to it. */
  etag: string;
  bytes: number;
}

type Encoding = "br" | "gzip" | "identity";

/** The ETag of the page's answer in `encoding`: each encoding is a representation of its own. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return encoding === "identity" ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/** What a page's copy is kept under, and the part of it (no revisions, no clock) its ETag is derived from. */
export interface PageKey {
  key: string;
  variant: string;
}

/** Headers made for each answer, never kept. */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "content-security-policy", "cache-control", "etag", "date", "content-length"]);

/** Whether a page request may be answered from a kept copy: a storefront page, asked for by a shopper with nothing of their own. */
export function mayUseKeptPage(method: string, url: URL, cookieHeader: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (SHOPPER_PAGES.test(url.pathname) || url.searchParams.has(DESIGN_MODE_PARAMETER)) return false;
  for (const part of (cookieHeader ?? "").split(";")) {
    const name = part.split("=")[0]!.trim();
    if (SHOPPER_COOKIES.has(name)) return false;
  }
  return true;
}

export interface PageKeyParts {
  settingsVersion: number;
  catalogRevision: number;
  inventoryRevision: number;
  /** Where the stretch of time the page holds over starts (page-clock.ts). */
  clockSpan: number;
  site: string;
  origin: string;
  url: URL;
  userAgent: string | undefined;
  cookieHeader: string | undefined;
  sites: Parameters<typeof countryFromCookieHeader>[1];
  /** The item count of the shopper's cart (0 without one), which the header shows. */
  cartCount: number;
}

/**
 * The key of a page request: the address as asked (pages echo their query
 * into links, so two orders of the same parameters are two pages), and the
 * cookie choices by what they mean, not how they are written.
 */
export function pageKey(parts: PageKeyParts): PageKey {
  const cookie = parts.cookieHeader ?? "";
  const hasKeyedCookie = [...KEYED_COOKIES].some((name) => cookie.includes(name));
  const consent = hasKeyedCookie ? consentFromCookieHeader(cookie) : null;
  const country = hasKeyedCookie ? countryFromCookieHeader(cookie, parts.sites) : null;
  const variant = [
    parts.site,
    parts.origin,
    `${parts.url.pathname}${parts.url.search}`,
    parts.userAgent && isbot(parts.userAgent) ? "crawler" : "shopper",
    consent ? serializeConsent(consent) : "-",
    country ?? "-",
    `cart:${parts.cartCount}`,
  ].join("\n");
  return { key: [parts.settingsVersion, parts.catalogRevision, parts.inventoryRevision, parts.clockSpan, variant].join("\n"), variant };
}

/** The parts of a page's key that every page drawn at one moment shares (the settings version, the catalogue and stock revisions, the page clock's span): a page of another is never asked for again. */
function keyMoment(key: string): string {
  let at = -1;
  for (let part = 0; part < 4; part++) {
    at = key.indexOf("\n", at + 1);
    if (at < 0) return key;
  }
  return key.slice(0, at);
}

/** A rendered page's body as the chunks it was streamed in (never decoded: the page is kept as the bytes it was sent as). */
export async function pageChunks(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

/**
 * The page's bytes cut where `nonce` stood, copied once into one block as
 * views into it: the chunks are joined, then each piece moved down over the
 * nonces before it. The block's tail (the nonces' bytes) is its only slack.
 */
function cutAtNonce(chunks: readonly Uint8Array[], nonce: Buffer): { parts: Buffer[]; slack: number } {
  const block = Buffer.allocUnsafeSlow(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    block.set(chunk, at);
    at += chunk.length;
  }
  const parts: Buffer[] = [];
  let read = 0;
  let written = 0;
  for (;;) {
    const found = block.indexOf(nonce, read);
    const end = found < 0 ? block.length : found;
    block.copyWithin(written, read, end);
    parts.push(block.subarray(written, written + end - read));
    written += end - read;
    if (found < 0) return { parts, slack: block.length - written };
    read = found + nonce.length;
  }
}

/**
 * zlib's level for a kept page's gzip copy. Browsers are served the Brotli
 * copy from a page's second answer on, so the gzip copy mostly goes to the
 * first answer and to clients without Brotli: at 6 a 173 KB product page is
 * 0.25 % larger than at 9 and takes about a quarter less time (4.6 against
 * 5.9 ms), on every page kept.
 */
export const KEPT_GZIP_LEVEL = 6;

/** A page's copy from its rendered answer (the chunks it was streamed in), cut where `nonce` stood. */
export function keepPage(variant: string, chunks: readonly Uint8Array[], headers: Headers, nonce: string): KeptPage {
  const { parts, slack } = cutAtNonce(chunks, Buffer.from(nonce));
  const deflated = packed(parts.map((part, index) => deflateRawSync(part, { level: KEPT_GZIP_LEVEL, finishFlush: index === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH })));
  const kept = [...headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
  const hash = createHash("sha256").update(variant).update("\0");
  for (const [name, value] of kept) hash.update(`${name}:${value}\0`);
  for (const part of parts) hash.update(part).update("\0");
  // Weak: each answer carries its own nonce, so two answers are the same page, not the same bytes.
  const etag = `W/"${hash.digest("base64url").slice(0, 32)}"`;
  const bytes = [...parts, ...deflated].reduce((total, part) => total + part.length, slack) + 2 * kept.reduce((total, [name, value]) => total + name.length + value.length, 0) + 256;
  const vary = headers.get("vary");
  const crcs = parts.map((part) => ({ crc: crc32(part), shift: crc32Shift(part.length) }));
  return { parts, deflated, crcs, nonceLength: Buffer.byteLength(nonce), headers: kept, vary: vary && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : "Accept-Encoding", etag, bytes };
}

/**
 * Pieces copied into one memory block of exactly their length, as views into
 * it, so a kept page holds the bytes it is counted for and no more. Left as
 * they come, a piece under 4 KB sits in Node's shared 8 KB pool and a
 * deflated piece in the 16 KB output chunk zlib wrote it to: each pins its
 * whole block as long as the page is kept (a 150 KB product page in 9 pieces
 * held about 1.7 times its count).
 */
export function packed(pieces: readonly Uint8Array[]): Buffer[] {
  const block = Buffer.allocUnsafeSlow(pieces.reduce((total, piece) => total + piece.length, 0));
  let at = 0;
  return pieces.map((piece) => {
    block.set(piece, at);
    at += piece.length;
    return block.subarray(at - piece.length, at);
  });
}

/** Whether `If-None-Match` names the page's ETag (compared weakly, as RFC 9110 asks for this header). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * The ETag of the page's answer that `If-None-Match` names, in any
 * encoding (the browser keeps the answer it was sent: a 304 names that one),
 * `preferred`'s for `*`, or null.
 */
function matchedEtag(ifNoneMatch: string | undefined, page: KeptPage, preferred: Encoding): string | null {
  if (!ifNoneMatch) return null;
  for (const encoding of [preferred, "identity", "gzip", "br"] as const) {
    const etag = encodedEtag(page.etag, encoding);
    if (matchesEtag(ifNoneMatch, etag)) return etag;
  }
  return null;
}

/** Pages declined by a full cache that it remembers: one per this many bytes of its budget, within a least and a most. */
const DECLINED_BYTES_EACH = 16 * 1024;
const DECLINED_LEAST = 256;
const DECLINED_MOST = 4096;

/**
 * Kept pages, least recently served first out, within a byte budget (the
 * pages' UTF-8 bytes, their headers at two bytes a character).
 */
export class PageCache {
  private budget: number;
  private readonly pages = new Map<string, KeptPage>();
  /** A page whose Brotli copy is being made (one at a time, so a burst of new pages never queues many on Node's worker threads). */
  private compressing: KeptPage | null = null;
  /** Pages being rendered: requests for the same key wait for that render rather than start their own. */
  private readonly rendering = new Map<string, Promise<KeptPage | null>>();
  private used = 0;
  /** The bytes of the page kept last: the cache is full when another like it would put one out. */
  private lastKeptBytes = 0;
  /** Pages rendered and not kept because the cache was full, oldest first: asked for again while remembered, they are kept. */
  private readonly declined = new Map<string, true>();
  /** Kept pages looked for and found, and not found, since the server started (metrics). */
  readonly lookups = { hits: 0, misses: 0 };
  /** Rendered pages not kept because the cache was full and they had not been asked for lately (metrics). */
  declinedPages = 0;

  constructor(budgetBytes: number) {
    this.budget = budgetBytes;
  }

  /** The bytes the kept pages may take. */
  get budgetBytes(): number {
    return this.budget;
  }

  /** Takes a new size (the server's memory budget split once the shop is open): the pages served least recently go until the rest fit. */
  resize(budgetBytes: number): void {
    this.budget = budgetBytes;
    this.trim();
  }

  get(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    if (!page) {
      this.lookups.misses++;
      return undefined;
    }
    this.lookups.hits++;
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /**
   * Whether the page about to be rendered under `key` is to be kept. While
   * the cache has room, or holds pages of an earlier moment to put out, every
   * page is. Once full, a page is kept only when
   * it was asked for before within the cache's recent memory: a walk through
   * every product (a crawler, a large catalogue's long tail) then renders
   * its pages without pushing out the ones shoppers keep coming back to,
   * and without making copies that would only be put out again.
   */
  admits(key: string): boolean {
    if (this.used + this.lastKeptBytes <= this.budget) return true;
    // The page it would put out first was drawn at another moment (before a change to the catalogue, stock or settings): no one asks for it again.
    const oldest = this.pages.keys().next().value;
    if (oldest !== undefined && keyMoment(oldest) !== keyMoment(key)) return true;
    if (this.declined.delete(key)) return true;
    this.declinedPages++;
    this.declined.set(key, true);
    // About ten times the pages the budget holds (a product page takes about 185 KB), within bounds.
    const remembered = Math.min(DECLINED_MOST, Math.max(DECLINED_LEAST, Math.floor(this.budget / DECLINED_BYTES_EACH)));
    for (const oldest of this.declined.keys()) {
      if (this.declined.size <= remembered) break;
      this.declined.delete(oldest);
    }
    return false;
  }

  set(key: string, page: KeptPage): void {
    const bytes = page.bytes + 2 * key.length;
    this.remove(key);
    // A page bigger than an eighth of the budget would push out too many others.
    if (bytes > this.budgetBytes / 8) return;
    this.lastKeptBytes = bytes;
    this.pages.set(key, { ...page, bytes });
    this.used += bytes;
    this.trim();
  }

  /** Puts out the pages served least recently until the rest fit the budget. */
  private trim(): void {
    for (const [oldest, kept] of this.pages) {
      if (this.used <= this.budgetBytes) break;
      this.pages.delete(oldest);
      this.used -= kept.bytes;
    }
  }

  /**
   * Makes the Brotli copy of the page kept under `key` when it has none and
   * no other is being made; counted in the budget once made, if the page is
   * still kept. Called when a page is served again to a browser that takes
   * Brotli.
   */
  compressForBrotli(key: string, page: KeptPage): void {
    if (page.brotli !== undefined || this.compressing || this.pages.get(key) !== page) return;
    this.compressing = page;
    brotliPieces(page.parts, page.nonceLength)
      .catch(() => null)
      .then((pieces) => {
        this.compressing = null;
        if (this.pages.get(key) !== page) return;
        page.brotli = pieces && packed(pieces);
        const bytes = (pieces ?? []).reduce((total, piece) => total + piece.length, 0);
        page.bytes += bytes;
        this.used += bytes;
        this.trim();
      });
  }

  /** Whether the Brotli copy of a page is being made (tests wait for it). */
  get compressingForBrotli(): boolean {
    return this.compressing !== null;
  }

  /** The page being rendered under `key` (null when it turned out not to be kept), or undefined when none is. */
  pending(key: string): Promise<KeptPage | null> | undefined {
    return this.rendering.get(key);
  }

  /** Marks `key` as being rendered; the function returned ends it, keeping the page when there is one. */
  startRendering(key: string): (page: KeptPage | null) => void {
    let settle!: (page: KeptPage | null) => void;
    const done = new Promise<KeptPage | null>((resolve) => (settle = resolve));
    this.rendering.set(key, done);
    return (page) => {
      if (this.rendering.get(key) === done) this.rendering.delete(key);
      if (page) this.set(key, page);
      settle(page);
    };
  }

  /** Pages kept and the bytes they take. */
  get usage(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.used };
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.used -= page.bytes;
  }
}

/** Cache-Control of a page that may be kept: the browser keeps it privately and asks again each time (If-None-Match); a shared cache never keeps it. */
export const KEPT_PAGE_CACHE_CONTROL = "private, no-cache";

/** A kept page's answer: what Hono makes the response of, with the headers set on the way (a cookie) added. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
}

/**
 * The answer from a kept page: `304 Not Modified` when the browser's copy is
 * this page (headers that describe the body stay off it, so the browser's
 * copy keeps the policy naming its own nonce), else the page with a nonce
 * of its own and the policy naming it, in Brotli when the browser takes it
 * and the page has its Brotli copy, else gzipped when the browser takes
 * gzip. A HEAD's headers are its GET's, Content-Length included.
 */
export function keptPageAnswer(
  page: KeptPage,
  request: { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined; cacheControl: string },
  policy: PagePolicyOptions = {},
): KeptAnswer {
  const nonce = newNonce();
  const nonceBytes = Buffer.from(nonce);
  // The Brotli copy takes a nonce as long as the one it was cut at (every nonce is).
  const brotli = page.brotli && nonceBytes.length === page.nonceLength ? page.brotli : null;
  const encoding: Encoding = brotli && acceptsBrotli(request.acceptEncoding) ? "br" : acceptsGzip(request.acceptEncoding) ? "gzip" : "identity";
  const matched = matchedEtag(request.ifNoneMatch, page, encoding);
  if (matched) return { status: 304, headers: new Headers({ etag: matched, "cache-control": request.cacheControl, vary: page.vary }), body: null };
  const headers = new Headers(page.headers);
  headers.set("etag", encodedEtag(page.etag, encoding));
  headers.set("cache-control", request.cacheControl);
  headers.set("vary", page.vary);
  if ((headers.get("content-type") ?? "").startsWith("text/html")) headers.set("content-security-policy", pageSecurityPolicy(nonce, policy));
  const body = brotli && encoding === "br" ? asBody(joinBrotliPieces(brotli, nonceBytes)) : encoding === "gzip" ? gzipParts(page, nonceBytes) : joinParts(page.parts, nonceBytes);
  if (encoding !== "identity") headers.set("content-encoding", encoding);
  headers.set("content-length", String(body.length));
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}

/** The kept body with `nonce` where the render's stood: bytes copied, never encoded again. */
function joinParts(parts: readonly Buffer[], nonce: Buffer): Uint8Array<ArrayBuffer> {
  const body = Buffer.allocUnsafe(parts.reduce((total, part) => total + part.length, 0) + nonce.length * (parts.length - 1));
  let at = 0;
  for (const [index, part] of parts.entries()) {
    if (index > 0) at += nonce.copy(body, at);
    at += part.copy(body, at);
  }
  return asBody(body);
}

function asBody(body: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>;
}

/** gzip's header: deflate, no name or time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);

/** The kept body gzipped with `nonce` where the render's stood: the deflated parts, the nonce between them as a stored block. */
function gzipParts(page: KeptPage, nonce: Buffer): Uint8Array<ArrayBuffer> {
  // A stored block: not last, type 0, then its length and the length's complement, little-endian, then the bytes.
  const stored = Buffer.alloc(5 + nonce.length);
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(stored, 5);
  const gaps = page.parts.length - 1;
  const body = Buffer.allocUnsafe(GZIP_HEADER.length + page.deflated.reduce((total, part) => total + part.length, 0) + stored.length * gaps + 8);
  let at = GZIP_HEADER.copy(body, 0);
  const nonceCrc = crc32(nonce);
  const nonceShift = crc32Shift(nonce.length);
  let crc = 0;
  let size = 0;
  for (const [index, part] of page.parts.entries()) {
    if (index > 0) {
      at += stored.copy(body, at);
      crc = crc32Combine(crc, nonceCrc, nonceShift);
      size += nonce.length;
    }
    at += page.deflated[index]!.copy(body, at);
    crc = crc32Combine(crc, page.crcs[index]!.crc, page.crcs[index]!.shift);
    size += part.length;
  }
  body.writeUInt32LE(crc >>> 0, at);
  body.writeUInt32LE(size >>> 0, at + 4);
  return asBody(body);
}
