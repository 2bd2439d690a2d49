import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type KeptAnswer, type KeptPage, PageCache, encodedEtag, keepPage, keptPageAnswer, matchesEtag, mayUseKeptPage, packed, pageKey } from "./page-cache.ts";

const html = (nonce: string, text = "Hello") => `<html><head><script nonce="${nonce}">go()</script></head><body>${text}<script nonce="${nonce}" type="module"></script></body></html>`;
/** A page's body as a stream hands it over: in chunks of `size` bytes (a nonce may straddle two). */
const chunks = (body: string, size = 7) => {
  const bytes = Buffer.from(body);
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
};
const htmlHeaders = () => new Headers({ "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'nonce-N1'", "set-cookie": "x=1", date: "today" });
const keyParts = (over: Partial<Parameters<typeof pageKey>[0]> = {}) => ({
  settingsVersion: 1,
  catalogRevision: 1,
  inventoryRevision: 1,
  clockSpan: 0,
  site: "uk",
  origin: "http://shop.test",
  url: new URL("http://shop.test/products/a?x=1"),
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  cookieHeader: undefined,
  sites: [{ countries: ["GB", "FR"] }],
  cartCount: 0,
  ...over,
});

describe("which page requests may be answered from a kept page", () => {
  it("takes GET and HEAD of storefront pages from shoppers with nothing of their own", () => {
    expect(mayUseKeptPage("GET", new URL("http://s/products/a"), "_ga=1; cookie_consent=v1.a1.m0; localization=GB")).toBe(true);
    expect(mayUseKeptPage("HEAD", new URL("http://s/collections/face.data?_routes=routes%2Fcollection"), undefined)).toBe(true);
    expect(mayUseKeptPage("POST", new URL("http://s/products/a"), undefined)).toBe(false);
  });

  it("refuses a customer session, a passed bot check and staff, whatever the cookie says", () => {
    for (const cookie of ["a=1; customer_session=", "challenge=1", "admin_session=z", "cart=x; customer_session=y"]) expect(mayUseKeptPage("GET", new URL("http://s/"), cookie), cookie).toBe(false);
  });

  it("takes a shopper with a cart: a page shows of it only its count, which is in the key", () => {
    expect(mayUseKeptPage("GET", new URL("http://s/products/a"), "cart=x.y; localization=GB")).toBe(true);
  });

  it("refuses a shopper's own pages and the editor's design mode", () => {
    for (const path of ["/admin", "/admin/orders", "/account/login", "/cart", "/cart.data", "/checkout", "/orders/abc", "/challenge", "/?design_mode=1"]) {
      expect(mayUseKeptPage("GET", new URL(`http://s${path}`), undefined), path).toBe(false);
    }
    expect(mayUseKeptPage("GET", new URL("http://s/cartography"), undefined)).toBe(true);
  });
});

describe("a page's key", () => {
  it("changes with the address, the revisions, the clock's span, the site, crawlers, the cookie choices and the cart count a page shows", () => {
    const base = pageKey(keyParts()).key;
    const changed = [
      keyParts({ url: new URL("http://shop.test/products/a?x=2") }),
      keyParts({ url: new URL("http://shop.test/products/a.data?x=1") }),
      keyParts({ settingsVersion: 2 }),
      keyParts({ catalogRevision: 2 }),
      keyParts({ inventoryRevision: 2 }),
      keyParts({ clockSpan: 5 }),
      keyParts({ site: "fr" }),
      keyParts({ origin: "https://shop.test" }),
      keyParts({ userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
      keyParts({ cookieHeader: "cookie_consent=v1.a1.m0" }),
      keyParts({ cookieHeader: "localization=FR" }),
      keyParts({ cartCount: 3 }),
    ];
    for (const parts of changed) expect(pageKey(parts).key).not.toBe(base);
  });

  it("reads cookie choices by meaning: other cookies and a country no site offers change nothing", () => {
    const base = pageKey(keyParts()).key;
    expect(pageKey(keyParts({ cookieHeader: "_ga=GA1.1; popup_session=3" })).key).toBe(base);
    expect(pageKey(keyParts({ cookieHeader: "localization=ZZ; cookie_consent=nonsense" })).key).toBe(base);
  });

  it("leaves revisions and the clock out of the ETag's part, so an unchanged page keeps its ETag", () => {
    expect(pageKey(keyParts({ catalogRevision: 9, clockSpan: 3 })).variant).toBe(pageKey(keyParts()).variant);
  });
});

describe("a kept page", () => {
  const ask = (page: KeptPage, request: Partial<Parameters<typeof keptPageAnswer>[1]> = {}) =>
    keptPageAnswer(page, { method: "GET", ifNoneMatch: undefined, acceptEncoding: undefined, cacheControl: "private, no-cache", ...request });
  const text = (answer: KeptAnswer) => Buffer.from(answer.body ?? []).toString();
  const nonceOf = (answer: KeptAnswer) => /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy")!)![1]!;

  it("is cut where the render's nonce stood, and each answer joins it with a fresh nonce its policy names", () => {
    const page = keepPage("v", chunks(html("N1")), htmlHeaders(), "N1");
    expect(page.parts).toHaveLength(3);
    expect(page.headers.map(([name]) => name)).toEqual(["content-type"]);
    const answers = [1, 2].map(() => ask(page));
    const nonces = answers.map(nonceOf);
    expect(new Set([...nonces, "N1"]).size).toBe(3);
    for (const [index, answer] of answers.entries()) {
      expect(text(answer)).toBe(html(nonces[index]!));
      expect(answer.headers.get("content-encoding")).toBeNull();
      expect(answer.headers.get("vary")).toBe("Accept-Encoding");
    }
  });

  it("is cut at nonces and characters split between the chunks it was streamed in, byte for byte", () => {
    const nonce = "RenderNonceRenderNonce00";
    const body = html(nonce, "<p>Crème de rose — 12,50 €</p>".repeat(3));
    for (const size of [1, 5, 13, 4096]) {
      const page = keepPage("v", chunks(body, size), htmlHeaders(), nonce);
      expect(page.parts.map(String)).toEqual(body.split(nonce));
      const answer = ask(page);
      expect(text(answer)).toBe(html(nonceOf(answer), "<p>Crème de rose — 12,50 €</p>".repeat(3)));
    }
  });

  it("is gzipped once for browsers that take gzip, each answer still with its own nonce", () => {
    const body = html("N1", "<p>Rose water</p>".repeat(500));
    const page = keepPage("v", chunks(body), htmlHeaders(), "N1");
    const answers = [1, 2].map(() => ask(page, { acceptEncoding: "gzip, deflate, br, zstd" }));
    for (const answer of answers) {
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect(answer.headers.get("vary")).toBe("Accept-Encoding");
      // gunzip checks the frame's checksum and length as well as the stream.
      expect(gunzipSync(answer.body!).toString()).toBe(html(nonceOf(answer), "<p>Rose water</p>".repeat(500)));
      expect(answer.body!.length).toBeLessThan(Buffer.byteLength(body) / 10);
    }
    expect(nonceOf(answers[0]!)).not.toBe(nonceOf(answers[1]!));
  });

  it("is sent in Brotli once its Brotli copy is made, each answer with its own nonce, ETag and length", async () => {
    // Cut at a nonce as long as every answer's.
    const nonce = "RenderNonceRenderNonce00";
    const kept = keepPage("v", chunks(html(nonce, "<p>Eau de rose — 12,50 €</p>".repeat(500))), htmlHeaders(), nonce);
    const cache = new PageCache(10_000_000);
    cache.set("k", kept);
    const stored = cache.get("k")!;
    const before = cache.usage.bytes;
    // No Brotli copy yet: gzip.
    expect(ask(stored, { acceptEncoding: "gzip, deflate, br, zstd" }).headers.get("content-encoding")).toBe("gzip");
    cache.compressForBrotli("k", stored);
    await expect.poll(() => stored.brotli, { timeout: 15_000 }).toBeTruthy();
    expect(cache.usage.bytes).toBeGreaterThan(before);
    const answers = [1, 2].map(() => ask(stored, { acceptEncoding: "gzip, deflate, br, zstd" }));
    for (const answer of answers) {
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(answer.headers.get("etag")).toBe(encodedEtag(kept.etag, "br"));
      expect(answer.headers.get("content-length")).toBe(String(answer.body!.length));
      expect(brotliDecompressSync(answer.body!).toString()).toBe(html(nonceOf(answer), "<p>Eau de rose — 12,50 €</p>".repeat(500)));
    }
    expect(nonceOf(answers[0]!)).not.toBe(nonceOf(answers[1]!));
    // A browser that takes only gzip still gets gzip; one that takes neither, the page as it is.
    expect(ask(stored, { acceptEncoding: "gzip" }).headers.get("content-encoding")).toBe("gzip");
    expect(ask(stored, { acceptEncoding: "br;q=0, gzip" }).headers.get("content-encoding")).toBe("gzip");
    expect(ask(stored).headers.get("content-encoding")).toBeNull();
  });

  it("has an ETag and a Content-Length for each encoding, and a HEAD says what its GET would", () => {
    const page = keepPage("v", chunks(html("N1", "<p>Rose water</p>".repeat(200))), htmlHeaders(), "N1");
    const plain = ask(page);
    const zipped = ask(page, { acceptEncoding: "gzip" });
    expect(plain.headers.get("etag")).toBe(page.etag);
    expect(zipped.headers.get("etag")).toBe(encodedEtag(page.etag, "gzip"));
    expect(zipped.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    expect(plain.headers.get("content-length")).toBe(String(plain.body!.length));
    expect(zipped.headers.get("content-length")).toBe(String(zipped.body!.length));
    const head = ask(page, { method: "HEAD", acceptEncoding: "gzip" });
    expect(head.body).toBeNull();
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect(head.headers.get("content-length")).toBe(zipped.headers.get("content-length"));
  });

  it("answers 304 to the ETag of any encoding it was sent in, naming that one", () => {
    const page = keepPage("v", chunks(html("N1")), htmlHeaders(), "N1");
    for (const sent of [page.etag, encodedEtag(page.etag, "gzip"), encodedEtag(page.etag, "br")]) {
      const answer = ask(page, { ifNoneMatch: sent, acceptEncoding: "gzip" });
      expect(answer.status).toBe(304);
      expect(answer.headers.get("etag")).toBe(sent);
    }
    expect(ask(page, { ifNoneMatch: 'W/"other-gzip"', acceptEncoding: "gzip" }).status).toBe(200);
  });

  it("gzips a page without a nonce, and one that starts or ends with it", () => {
    for (const body of ["<p>no scripts</p>", "N1<p>between</p>N1"]) {
      const answer = ask(keepPage("v", chunks(body), htmlHeaders(), "N1"), { acceptEncoding: "gzip" });
      expect(gunzipSync(answer.body!).toString()).toBe(body.replaceAll("N1", nonceOf(answer)));
    }
  });

  it("has a weak ETag that follows the content and the variant but not the nonce", () => {
    const etag = keepPage("v", chunks(html("N1")), htmlHeaders(), "N1").etag;
    expect(etag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(keepPage("v", chunks(html("N2")), htmlHeaders(), "N2").etag).toBe(etag);
    expect(keepPage("v", chunks(html("N1", "Bye")), htmlHeaders(), "N1").etag).not.toBe(etag);
    expect(keepPage("w", chunks(html("N1")), htmlHeaders(), "N1").etag).not.toBe(etag);
  });

  it("answers 304 with its ETag, cache-control and Vary only, and a HEAD with headers and no body", () => {
    const page = keepPage("v", chunks(html("N1")), htmlHeaders(), "N1");
    const notModified = ask(page, { ifNoneMatch: page.etag.slice(2), acceptEncoding: "gzip" });
    expect(notModified.status).toBe(304);
    expect([...notModified.headers.keys()].sort()).toEqual(["cache-control", "etag", "vary"]);
    const head = ask(page, { method: "HEAD", acceptEncoding: "gzip" });
    expect(head.headers.get("content-type")).toContain("text/html");
    expect(head.body).toBeNull();
  });
});

describe("the memory a kept page holds", () => {
  /** The bytes of every distinct memory block the buffers are views into. */
  const blockBytes = (buffers: readonly Buffer[]) => [...new Set(buffers.map((buffer) => buffer.buffer))].reduce((total, block) => total + block.byteLength, 0);

  it("is no more than the bytes it is counted for, however small its pieces", async () => {
    // Six small pieces: left as they came, each would pin Node's 8 KB pool or zlib's 16 KB output chunk.
    const nonce = "RenderNonceRenderNonce00";
    const body = Array.from({ length: 6 }, (_, index) => `<p>Piece ${index}: rose water</p><script nonce="${nonce}">go(${index})</script>`).join("");
    const page = keepPage("v", chunks(body), htmlHeaders(), nonce);
    expect(page.parts).toHaveLength(7);
    const held = blockBytes(page.parts) + blockBytes(page.deflated);
    // The pieces, and the six nonces' bytes left at the end of the page's block.
    expect(held).toBe([...page.parts, ...page.deflated].reduce((total, piece) => total + piece.length, 6 * nonce.length));
    expect(held).toBeLessThanOrEqual(page.bytes);
    const cache = new PageCache(1_000_000);
    cache.set("k", page);
    const stored = cache.get("k")!;
    cache.compressForBrotli("k", stored);
    await expect.poll(() => stored.brotli, { timeout: 15_000 }).toBeTruthy();
    expect(blockBytes(stored.brotli!)).toBe(stored.brotli!.reduce((total, piece) => total + piece.length, 0));
  });

  it("packs pieces into one block as views that read as the pieces did", () => {
    const pieces = [Buffer.from("rose"), Buffer.alloc(0), Buffer.from("water")];
    const views = packed(pieces);
    expect(views.map(String)).toEqual(["rose", "", "water"]);
    expect(new Set(views.map((view) => view.buffer)).size).toBe(1);
    expect(views[0]!.buffer.byteLength).toBe(9);
  });
});

describe("If-None-Match", () => {
  it("matches weakly, in a list, and for *", () => {
    expect(matchesEtag('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag("*", 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
  });
});

describe("the store of kept pages", () => {
  const page = (size: number) => ({ parts: [Buffer.from("x".repeat(size))], deflated: [], crcs: [], nonceLength: 24, headers: [], vary: "Accept-Encoding", etag: 'W/"x"', bytes: size * 2 });

  it("stays within its byte budget, putting out the page served least recently", () => {
    // Pages of 2,002 bytes: nine fit in 20,000.
    const cache = new PageCache(20_000);
    for (const key of "abcdefghi") cache.set(key, page(1000));
    expect(cache.usage.pages).toBe(9);
    expect(cache.get("a")).toBeDefined();
    cache.set("j", page(1000));
    expect(cache.usage.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("j")).toBeDefined();
  });

  it("puts out the pages served least recently when given a smaller budget (the memory budget's share)", () => {
    const cache = new PageCache(20_000);
    for (const key of "abcde") cache.set(key, page(1000));
    cache.get("a");
    cache.resize(6_100);
    expect([cache.budgetBytes, cache.usage.pages]).toEqual([6_100, 3]);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("e")).toBeDefined();
  });

  it("counts a page kept again once, and keeps no page bigger than an eighth of the budget", () => {
    const cache = new PageCache(100_000);
    cache.set("a", page(1000));
    cache.set("a", page(2000));
    expect(cache.usage).toEqual({ pages: 1, bytes: 4002 });
    cache.set("big", page(7000));
    expect(cache.get("big")).toBeUndefined();
  });

  // A page's key as pageKey makes it: the moment it was drawn at (settings, catalogue, stock, clock span), then the page.
  const at = (page: string, moment = "v1\n1\n1\n0") => `${moment}\n${page}`;

  it("keeps every page while it has room; once full, only a page asked for again while it remembers the first ask", () => {
    // Pages of 2,002 bytes and their keys: nine fit in 20,000; the tenth would put one out.
    const cache = new PageCache(20_000);
    for (const key of "abcdefghi") {
      expect(cache.admits(at(key))).toBe(true);
      cache.set(at(key), page(1000));
    }
    expect(cache.admits(at("j"))).toBe(false);
    expect(cache.admits(at("k"))).toBe(false);
    expect(cache.admits(at("j"))).toBe(true);
    // Asked for a third time before being kept: it starts over.
    expect(cache.admits(at("j"))).toBe(false);
    expect(cache.declinedPages).toBe(3);
    // The pages already kept are still served.
    expect(cache.get(at("a"))).toBeDefined();
  });

  it("remembers the pages it declined within a bound: a walk through many pages forgets the first", () => {
    // 20,000 bytes: the least it remembers, 256 pages.
    const cache = new PageCache(20_000);
    for (const key of "abcdefghi") cache.set(at(key), page(1000));
    expect(cache.admits(at("first"))).toBe(false);
    for (let n = 0; n < 256; n++) cache.admits(at(`walk-${n}`));
    expect(cache.admits(at("first"))).toBe(false);
    expect(cache.admits(at("walk-255"))).toBe(true);
  });

  it("keeps a new page at once while the page it would put out first was drawn before a change (stock, catalogue, settings, clock)", () => {
    const cache = new PageCache(20_000);
    for (const key of "abcdefghi") cache.set(at(key), page(1000));
    // Stock moved: every page's key has the new revision, and the kept ones will not be asked for again.
    expect(cache.admits(at("a", "v1\n1\n2\n0"))).toBe(true);
    expect(cache.admits(at("j"))).toBe(false);
  });

  it("has room again once it is given a larger budget", () => {
    const cache = new PageCache(20_000);
    for (const key of "abcdefghi") cache.set(at(key), page(1000));
    expect(cache.admits(at("c"))).toBe(false);
    cache.resize(100_000);
    expect(cache.admits(at("d"))).toBe(true);
  });

  it("lets requests for a page being rendered wait for that render, and forgets it once done", async () => {
    const cache = new PageCache(100_000);
    const finish = cache.startRendering("a");
    const waiting = cache.pending("a");
    expect(waiting).toBeDefined();
    finish(page(10));
    expect((await waiting)?.parts.join("")).toBe("x".repeat(10));
    expect(cache.pending("a")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    const notKept = cache.startRendering("b");
    const waitingForB = cache.pending("b");
    notKept(null);
    expect(await waitingForB).toBeNull();
    expect(cache.get("b")).toBeUndefined();
  });
});
