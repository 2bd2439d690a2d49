/**
 * Storefront pages rendered once and served again to shoppers with nothing
 * of their own: a second request is answered without rendering (counted at
 * the theme's entry), each answer has a nonce of its own that its policy
 * names, a browser that takes gzip gets it gzipped when it was kept, a HEAD
 * and a conditional GET (304) are answered from the kept page,
 * a cart, a customer session, a shopper's own pages and a cookie set on the
 * way all render, and a catalog edit, a stock change or a published settings
 * version from the back office makes the next answer new. The theme is
 * built first when its sources changed. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { formFields } from "../../src/core/settings/settings-form.ts";
import { catalogAdmin } from "../../src/platform/admin/catalog-admin.ts";
import { settingsAdmin } from "../../src/platform/admin/settings-admin.ts";
import { stockAdmin } from "../../src/platform/admin/stock-admin.ts";
import type { Database } from "../../src/platform/db/database.ts";
import { variantIdFor } from "../../src/platform/seed/seed.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { PageCache, encodedEtag } from "../../src/server/page-cache.ts";
import { RenderGate } from "../../src/server/render-gate.ts";
import { addStaff, openThemeShop } from "./harness.ts";
import { productEditForm } from "./product-edit-form.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PRODUCT = "/products/plain-cleanser";

let db: Database;
let shop: LiveShop;
let close: () => Promise<void>;
let owner: StaffJson;
/** Pages the theme has rendered (its server entry called). */
let renders = 0;
/** One page rendered at a time; what the gate held at each render. */
const gate = new RenderGate(1);
const pageCache = new PageCache(16 * 1024 * 1024);
let gateAtRenders: { running: number; waiting: number }[] = [];

/** The shipped settings with nothing on the pages that reads the clock (no announcement bar; slides without schedules). */
const timelessSettings = () => {
  const settings = JSON.parse(readFileSync(path.join(ROOT, "config/settings.json"), "utf8"));
  settings.announcementBar.enabled = false;
  for (const slide of settings.home.hero.slides) slide.schedule = null;
  return settings as unknown;
};

const get = (address: string, headers: Record<string, string> = {}, method = "GET") => shop.fetch(new Request(new URL(address, "http://shop.test"), { method, headers }));

/** Renders `work` causes (the theme's entry called), and its answers. */
const rendersDuring = async <T,>(work: () => Promise<T>): Promise<{ renders: number; result: T }> => {
  const before = renders;
  const result = await work();
  return { renders: renders - before, result };
};

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const bodyNonces = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))];

const publishSettings = async (changes: Record<string, string>) => {
  const admin = settingsAdmin(db, async () => owner);
  const page = (await admin.page())!;
  const answer = await admin.publish({ ...Object.fromEntries(formFields(page.form).map((field) => [field.name, field.value])), base: String(page.version.number), ...changes });
  expect(answer.ok).toBe(true);
};

beforeAll(async () => {
  // Every render counted at the theme's entry, with what the gate held at the time.
  const counted = (built: ServerBuild): ServerBuild => {
    const entry = built.entry.module;
    return {
      ...built,
      entry: {
        module: {
          ...entry,
          default: (...args: Parameters<typeof entry.default>) => {
            renders += 1;
            gateAtRenders.push(gate.load);
            return entry.default(...args);
          },
        },
      },
    };
  };
  ({ db, shop, close } = await openThemeShop({
    settings: { read: timelessSettings, source: "test settings" },
    app: { pageCache, renderGate: gate },
    build: counted,
  }));
  owner = await addStaff(db, "olive@example.com", "Olive Owner", "owner");
});
afterAll(async () => {
  await close?.();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a page for a shopper with nothing of their own", () => {
  it("is rendered once and served again, each answer with a nonce of its own that its policy names", async () => {
    const first = await rendersDuring(() => get(PRODUCT));
    expect(first.result.status).toBe(200);
    expect(first.result.headers.get("set-cookie") ?? "").not.toMatch(/(^|, )cart=/);
    const second = await rendersDuring(() => get(PRODUCT));
    expect(second.renders).toBe(0);
    expect(second.result.status).toBe(200);
    expect(second.result.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    expect(second.result.headers.get("etag")).toBe(first.result.headers.get("etag"));
    expect(second.result.headers.get("cache-control")).toBe("private, no-cache");

    const [firstHtml, secondHtml] = [await first.result.text(), await second.result.text()];
    const [firstNonce, secondNonce] = [nonceOf(first.result.headers.get("content-security-policy")), nonceOf(second.result.headers.get("content-security-policy"))];
    expect(bodyNonces(firstHtml)).toEqual([firstNonce]);
    expect(bodyNonces(secondHtml)).toEqual([secondNonce]);
    expect(secondNonce).not.toBe(firstNonce);
    // The same page but for the nonce.
    expect(secondHtml.replaceAll(secondNonce!, "")).toBe(firstHtml.replaceAll(firstNonce!, ""));
    expect(secondHtml).toContain("Plain Cleanser");
  });

  it("is gzipped once for a browser that takes gzip, and is the same page as the plain answer", async () => {
    const plain = await get(PRODUCT);
    const zipped = await rendersDuring(() => get(PRODUCT, { "accept-encoding": "gzip, deflate, br" }));
    expect(zipped.renders).toBe(0);
    expect(zipped.result.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.result.headers.get("vary")).toMatch(/accept-encoding/i);
    // Another encoding, another representation: its own ETag and length.
    expect(zipped.result.headers.get("etag")).toBe(encodedEtag(plain.headers.get("etag")!, "gzip"));
    const bytes = Buffer.from(await zipped.result.arrayBuffer());
    const html = gunzipSync(bytes).toString();
    const [plainHtml, plainNonce, zippedNonce] = [await plain.text(), nonceOf(plain.headers.get("content-security-policy")), nonceOf(zipped.result.headers.get("content-security-policy"))];
    expect(bodyNonces(html)).toEqual([zippedNonce]);
    expect(html.replaceAll(zippedNonce!, "")).toBe(plainHtml.replaceAll(plainNonce!, ""));
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plainHtml) / 3);
    expect(zipped.result.headers.get("content-length")).toBe(String(bytes.length));
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(plainHtml)));
  });

  it("is sent in Brotli once served again, the same page with a nonce of its own, and answers 304 to the Brotli ETag", async () => {
    const plain = await get(PRODUCT);
    const takesAll = { "accept-encoding": "gzip, deflate, br, zstd" };
    // The Brotli copy is made when the kept page is served again; until then such a browser gets gzip.
    await expect.poll(async () => (await get(PRODUCT, takesAll)).headers.get("content-encoding"), { timeout: 15_000 }).toBe("br");
    const brotli = await rendersDuring(() => get(PRODUCT, takesAll));
    expect(brotli.renders).toBe(0);
    const answer = brotli.result;
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(answer.headers.get("etag")).toBe(encodedEtag(plain.headers.get("etag")!, "br"));
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(answer.headers.get("content-length")).toBe(String(bytes.length));
    const html = brotliDecompressSync(bytes).toString();
    const [plainHtml, plainNonce, brotliNonce] = [await plain.text(), nonceOf(plain.headers.get("content-security-policy")), nonceOf(answer.headers.get("content-security-policy"))];
    expect(brotliNonce).not.toBe(plainNonce);
    expect(bodyNonces(html)).toEqual([brotliNonce]);
    expect(html.replaceAll(brotliNonce!, "")).toBe(plainHtml.replaceAll(plainNonce!, ""));
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plainHtml) / 3);
    const again = await get(PRODUCT, takesAll);
    expect(nonceOf(again.headers.get("content-security-policy"))).not.toBe(brotliNonce);
    const notModified = await get(PRODUCT, { ...takesAll, "if-none-match": answer.headers.get("etag")! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(answer.headers.get("etag"));
  });

  it("is rendered once for requests that arrive together, each answered with a nonce of its own", async () => {
    const together = await rendersDuring(() => Promise.all(Array.from({ length: 6 }, () => get("/collections/cleansers"))));
    expect(together.renders).toBe(1);
    const policies = together.result.map((answer) => nonceOf(answer.headers.get("content-security-policy")));
    expect(new Set(policies).size).toBe(6);
    for (const [index, answer] of together.result.entries()) expect(bodyNonces(await answer.text())).toEqual([policies[index]]);
  });

  it("answers a HEAD with the page's headers and no body, and keeps the page a HEAD asked for first", async () => {
    const head = await rendersDuring(() => get("/collections/face", {}, "HEAD"));
    expect(head.renders).toBe(1);
    expect(head.result.status).toBe(200);
    expect(head.result.headers.get("content-type")).toContain("text/html");
    expect(await head.result.text()).toBe("");
    const page = await rendersDuring(() => get("/collections/face"));
    expect(page.renders).toBe(0);
    expect(page.result.headers.get("etag")).toBe(head.result.headers.get("etag"));
    expect(await page.result.text()).toContain("Plain Cleanser");
    const again = await rendersDuring(() => get("/collections/face", {}, "HEAD"));
    expect(again.renders).toBe(0);
    expect(nonceOf(again.result.headers.get("content-security-policy"))).not.toBe(nonceOf(page.result.headers.get("content-security-policy")));
  });

  it("answers 304 to a browser whose copy is the page, without a policy that would replace its copy's", async () => {
    const page = await get(PRODUCT);
    const etag = page.headers.get("etag")!;
    const notModified = await rendersDuring(() => get(PRODUCT, { "if-none-match": `"other", ${etag}` }));
    expect(notModified.renders).toBe(0);
    expect(notModified.result.status).toBe(304);
    expect(notModified.result.headers.get("etag")).toBe(etag);
    expect(notModified.result.headers.get("content-security-policy")).toBeNull();
    expect(notModified.result.headers.get("content-type")).toBeNull();
    expect(notModified.result.headers.get("set-cookie")).toBeNull();
    expect(await notModified.result.text()).toBe("");
    const changed = await get(PRODUCT, { "if-none-match": 'W/"an-older-page"' });
    expect(changed.status).toBe(200);
    expect(nonceOf(changed.headers.get("content-security-policy"))).toBe(bodyNonces(await changed.text())[0]);
  });

  it("keeps React Router's data request for the page apart from its HTML", async () => {
    const data = await rendersDuring(() => get(`${PRODUCT}.data`));
    expect(data.result.status).toBe(200);
    expect(data.result.headers.get("content-type")).toContain("text/x-script");
    expect(data.result.headers.get("etag")).not.toBe((await get(PRODUCT)).headers.get("etag"));
    const again = await rendersDuring(() => get(`${PRODUCT}.data`));
    expect(again.renders).toBe(0);
    expect(await again.result.text()).toBe(await data.result.text());
  });

  it("carries the shop info once, in an element its data names by key; data asked for later carries the text", async () => {
    const html = await (await get(PRODUCT)).text();
    const element = /<script type="application\/json" id="shop-info" data-key="(shop-[\w-]+)">([^<]*)<\/script>/.exec(html);
    expect(element).not.toBeNull();
    const [, key, text] = element!;
    expect(JSON.parse(text!)).toMatchObject({ name: "Lumen & Leaf", currency: "GBP" });
    // The page's data stream names the key and leaves the text to the element.
    const stream = html.slice(html.indexOf("streamController.enqueue"));
    expect(stream).toContain(key);
    expect(stream).not.toContain("moneyFormat");
    expect(html.split(text!)).toHaveLength(2);

    const data = await (await get(`${PRODUCT}.data?_routes=root`)).text();
    expect(data).not.toContain(key);
    expect(data).toContain("moneyFormat");
  });

  it("is kept apart for each cookie choice it shows (consent, the footer's country)", async () => {
    await get(PRODUCT);
    const consented = await rendersDuring(() => get(PRODUCT, { cookie: "cookie_consent=v1.a1.m0" }));
    expect(consented.renders).toBe(1);
    expect(consented.result.headers.get("etag")).not.toBe((await get(PRODUCT)).headers.get("etag"));
    expect((await rendersDuring(() => get(PRODUCT, { cookie: "_ga=1; cookie_consent=v1.a1.m0" }))).renders).toBe(0);
  });
});

describe("a full page cache", () => {
  it("keeps a new page only when it is asked for again, so a walk through many pages puts none of the kept ones out", async () => {
    // Room for a few product pages (no page over an eighth of it is kept).
    pageCache.resize(2 * 1024 * 1024);
    try {
      expect((await get(PRODUCT)).status).toBe(200);
      let declined: string | undefined;
      for (let n = 0; n < 40 && !declined; n++) {
        const before = pageCache.declinedPages;
        const walked = await get(`${PRODUCT}?walk=${n}`);
        expect(walked.status).toBe(200);
        if (pageCache.declinedPages > before) declined = `${PRODUCT}?walk=${n}`;
      }
      expect(declined).toBeDefined();
      const kept = pageCache.usage;
      // Declined, the page is still the whole page, rendered for this answer and sent as it is made.
      const again = await rendersDuring(() => get(declined!));
      expect(again.renders).toBe(1);
      expect(again.result.status).toBe(200);
      expect(await again.result.text()).toContain("Plain Cleanser");
      // Asked for again, it is kept (putting out the one served least recently) and served from the cache after.
      const third = await rendersDuring(() => get(declined!));
      expect(third.renders).toBe(0);
      expect(third.result.headers.get("etag")).toMatch(/^W\//);
      expect(pageCache.usage.pages).toBeLessThanOrEqual(kept.pages);
      // A new page asked for once is not kept.
      await get(`${PRODUCT}?walk=once`);
      expect((await rendersDuring(() => get(`${PRODUCT}?walk=once`))).renders).toBe(1);
    } finally {
      pageCache.resize(16 * 1024 * 1024);
    }
  });
});

describe("a page for a shopper with a cart", () => {
  /** A new shopper's cart of `quantity` items: their cookie, and their token. */
  const cartOf = async (quantity: number) => {
    const add = await shop.fetch(
      new Request("http://shop.test/cart/add.js", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: variantIdFor(1, 0), quantity }) }),
    );
    expect(add.status).toBe(200);
    const cookie = add.headers.getSetCookie().find((value) => value.startsWith("cart="))!.split(";")[0]!;
    return { cookie, token: cookie.slice("cart=".length).split(".")[0]! };
  };

  it("is kept by the cart's item count: rendered once per count, each shopper seeing their own count", async () => {
    const [first, second, third] = [await cartOf(1), await cartOf(1), await cartOf(2)];
    const one = await rendersDuring(() => get(PRODUCT, { cookie: first.cookie }));
    expect(one.renders).toBe(1);
    expect(await one.result.text()).toContain('aria-label="Cart, 1 item"');

    const sameCount = await rendersDuring(() => get(PRODUCT, { cookie: second.cookie }));
    expect(sameCount.renders).toBe(0);
    expect(sameCount.result.headers.get("etag")).toMatch(/^W\//);
    const html = await sameCount.result.text();
    expect(html).toContain('aria-label="Cart, 1 item"');
    // Nothing of the shopper it was rendered for: no cart token in the page.
    expect(html).not.toContain(first.token);

    const two = await rendersDuring(() => get(PRODUCT, { cookie: third.cookie }));
    expect(two.renders).toBe(1);
    expect(await two.result.text()).toContain('aria-label="Cart, 2 items"');

    // The first shopper adds one more: their next page shows 2, the copy kept for that count.
    const add = await shop.fetch(
      new Request("http://shop.test/cart/add.js", { method: "POST", headers: { "content-type": "application/json", cookie: first.cookie }, body: JSON.stringify({ id: variantIdFor(1, 0), quantity: 1 }) }),
    );
    expect(add.status).toBe(200);
    const after = await rendersDuring(() => get(PRODUCT, { cookie: first.cookie }));
    expect(after.renders).toBe(0);
    expect(await after.result.text()).toContain('aria-label="Cart, 2 items"');

    expect(await (await get(PRODUCT)).text()).toContain('aria-label="Cart, 0 items"');
  });

  it("answers a cookie the shop did not sign with the page of an empty cart", async () => {
    const page = await get(PRODUCT, { cookie: "cart=forged.signature" });
    expect(page.status).toBe(200);
    // Looking starts no cart: no cookie replaces the one the shop did not sign.
    expect(page.headers.getSetCookie().filter((cookie) => cookie.startsWith("cart="))).toEqual([]);
    expect(await page.text()).toContain('aria-label="Cart, 0 items"');
  });
});

describe("a page that is the shopper's own", () => {
  it("is rendered for a customer session, a passed bot check or staff", async () => {
    for (const cookie of ["customer_session=abc", "challenge=abc", "admin_session=abc"]) {
      const page = await rendersDuring(() => get(PRODUCT, { cookie }));
      expect(page.renders, cookie).toBe(1);
      expect(page.result.headers.get("etag"), cookie).toBeNull();
    }
  });

  it("is rendered at the cart, account, checkout and in the theme editor's design mode", async () => {
    for (const address of ["/cart", "/account/login", "/checkout", `${PRODUCT}?design_mode=1`]) {
      await get(address);
      const page = await rendersDuring(() => get(address));
      expect(page.renders, address).toBe(1);
      expect(page.result.headers.get("etag"), address).toBeNull();
    }
  });

  it("is rendered one at a time when several arrive together, each in its turn and each answered", async () => {
    gateAtRenders = [];
    const cookies = ["customer_session=a", "customer_session=b", "challenge=c", "admin_session=d"];
    const together = await rendersDuring(() => Promise.all(cookies.map((cookie) => get(PRODUCT, { cookie }))));
    expect(together.renders).toBe(4);
    for (const answer of together.result) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("Plain Cleanser");
    }
    // Each render ran in the one turn there is; the others waited for theirs.
    expect(gateAtRenders.map((load) => load.running)).toEqual([1, 1, 1, 1]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("is rendered when a cookie is set on the way (a marketing click id the shopper allowed)", async () => {
    const headers = { cookie: "cookie_consent=v1.a1.m1" };
    await get(`${PRODUCT}?gclid=abc`, headers);
    const page = await rendersDuring(() => get(`${PRODUCT}?gclid=abc`, headers));
    expect(page.renders).toBe(1);
    expect(page.result.headers.getSetCookie().some((cookie) => cookie.startsWith("gclid="))).toBe(true);
    expect(page.result.headers.get("etag")).toBeNull();
  });
});

describe("a change in the back office", () => {
  it("makes the next answer new after a catalog edit", async () => {
    await get(PRODUCT);
    expect((await rendersDuring(() => get(PRODUCT))).renders).toBe(0);
    const catalog = catalogAdmin(db, async () => owner);
    const [row] = await db.query<{ id: number }>("select id from products where handle = 'plain-cleanser'");
    const id = Number(row!.id);
    const form = { ...(await productEditForm(catalog, id)), title: "Plain Cleanser Renamed" };
    expect((await catalog.update(id, form)).ok).toBe(true);
    const after = await rendersDuring(() => get(PRODUCT));
    expect(after.renders).toBe(1);
    expect(await after.result.text()).toContain("Plain Cleanser Renamed");
  });

  it("makes the next answer new after a stock change", async () => {
    await get(PRODUCT);
    expect((await rendersDuring(() => get(PRODUCT))).renders).toBe(0);
    const stock = stockAdmin(db, async () => owner);
    expect((await stock.adjust(variantIdFor(1, 0), { delta: "3", reason: "received" })).ok).toBe(true);
    expect((await rendersDuring(() => get(PRODUCT))).renders).toBe(1);
  });

  it("makes the next answer new after a settings version is published", async () => {
    await get(PRODUCT);
    expect((await rendersDuring(() => get(PRODUCT))).renders).toBe(0);
    await publishSettings({ "shop.name": "Lumen & Leaf Apothecary" });
    const after = await rendersDuring(() => get(PRODUCT));
    expect(after.renders).toBe(1);
    expect(await after.result.text()).toContain("Lumen &amp; Leaf Apothecary");
  });

  it("keeps a page showing a countdown, with the same ETag, until the countdown's next boundary, not for a second", async () => {
    await publishSettings({ "announcementBar.enabled": "on" });
    // The next request takes the new version up (the settings check reads the real clock).
    expect((await get(PRODUCT)).status).toBe(200);
    // A Monday 10:00 UTC at least a day from now (the settings and catalog checks see time move forward): the same-day
    // dispatch message counts down to 14:00 London time, and the page's next boundary is when an hour is left (13:00:01).
    const monday = new Date(Date.now() + 86_400_000);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    monday.setUTCHours(10, 0, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"], now: monday.getTime() });
    // The clock only moves forward: each page is first drawn where the last one's checks ended.
    let drawnAt = monday.getTime();
    for (const address of [PRODUCT, "/"]) {
      vi.setSystemTime(drawnAt);
      const first = await rendersDuring(() => get(address));
      expect(first.renders).toBe(1);
      const html = await first.result.text();
      expect(html).toContain("Order within");
      // The end as a time, in a box as wide as the clock will be; no seconds counted on the server.
      expect(html).toMatch(/role="timer"[^>]*data-widest="9h 59m 59s"/);
      expect(html).toMatch(/<time dateTime="[^"]+T\d\d:00:00\.000Z">/);
      const etag = first.result.headers.get("etag")!;
      expect(etag).toBeTruthy();
      for (const later of [1000, 59_000, 61_000, 3_600_000]) {
        vi.setSystemTime(drawnAt + later);
        const again = await rendersDuring(() => get(address));
        expect(again.renders, `${address} ${later} ms later`).toBe(0);
        expect(again.result.headers.get("etag")).toBe(etag);
        const revalidated = await get(address, { "if-none-match": etag });
        expect(revalidated.status).toBe(304);
      }
      drawnAt += 3_600_000;
    }
    // A stock change elsewhere renders the page again: drawn in another second, it is the same page.
    const before = (await get(PRODUCT)).headers.get("etag");
    const stock = stockAdmin(db, async () => owner);
    const adjusted = await stock.adjust(variantIdFor(2, 0), { delta: "1", reason: "received" });
    expect(adjusted, JSON.stringify(adjusted)).toMatchObject({ ok: true });
    vi.setSystemTime(drawnAt + 1_234);
    const redrawn = await rendersDuring(() => get(PRODUCT));
    expect(redrawn.renders).toBe(1);
    expect(redrawn.result.headers.get("etag")).toBe(before);
    // At the boundary (an hour left, the clock loses a unit) the page is drawn anew.
    vi.setSystemTime(monday.getTime() + 3 * 3_600_000 + 1000);
    const boundary = await rendersDuring(() => get(PRODUCT));
    expect(boundary.renders).toBe(1);
    expect(await boundary.result.text()).toMatch(/role="timer"[^>]*data-widest="59m 59s"/);
  });
});
