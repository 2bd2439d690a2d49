/**
 * The shop's content: pages, the journal and the policies kept with their
 * HTML sanitised, the glossary's products found by tag, and the contact
 * form checked, limited per address, kept and emailed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { savePage } from "../../src/platform/content/content-service.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { POLICY_HANDLES } from "../../src/core/content/content.ts";
import { GLOSSARY_PRODUCTS } from "../../src/platform/content/content-client.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
  await seedContent(shop.db, demoContent);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
});

const client = (ip: string, platform = shop.platform) =>
  inProcessStorefront(platform, "", "http://shop.test", { ip, sessionToken: undefined, challengeToken: undefined, shopUrl: "http://shop.test", secure: false });

const contactForm = (fields: Record<string, string>) => ({
  form_type: "contact",
  "contact[name]": "Grace Hopper",
  "contact[email]": "grace@example.com",
  "contact[body]": "Is the barrier cream safe to use around the eyes?",
  ...fields,
});

describe("pages", () => {
  it("answers each page the home page links to, with a search title and description", async () => {
    for (const handle of ["about", "contact", "faqs", "ingredients", "layering-guide", "sustainability", "delivery-and-returns"]) {
      const view = await client("10.1.0.1").content.page(handle);
      expect(view, handle).not.toBeNull();
      expect(view?.page.title.length).toBeGreaterThan(2);
      expect(view?.page.seoDescription.length).toBeGreaterThan(20);
      expect(view?.page.seoDescription.length).toBeLessThanOrEqual(160);
    }
    expect(await client("10.1.0.1").content.page("no-such-page")).toBeNull();
  });

  it("draws the FAQ as groups of questions", async () => {
    const view = await client("10.1.0.1").content.page("faqs");
    expect(view?.page.template).toBe("faq");
    expect(view?.page.data.faq?.length).toBeGreaterThanOrEqual(3);
    for (const group of view?.page.data.faq ?? []) expect(group.items.length).toBeGreaterThan(0);
  });

  it("lists, for every ingredient of the glossary, the products tagged with it", async () => {
    const view = await client("10.1.0.1").content.page("ingredients");
    const glossary = view?.page.data.glossary ?? [];
    expect(glossary.length).toBeGreaterThanOrEqual(20);
    for (const entry of glossary) {
      const products = view?.productsByTag[entry.tag] ?? [];
      expect(products.length, entry.tag).toBeGreaterThan(0);
      for (const product of products) expect(demoCatalog.products.find((seeded) => seeded.handle === product.handle)?.tags).toContain(entry.tag);
    }
    const niacinamide = view?.productsByTag["ingredient:niacinamide"]?.map((product) => product.handle) ?? [];
    expect(niacinamide).toContain("niacinamide-zinc-serum");
  });

  it("lists at most twelve products an ingredient is found in, by title, and gives the product page the entries alone", async () => {
    const serum = demoCatalog.products.find((product) => product.handle === "niacinamide-zinc-serum")!;
    const copies = Array.from({ length: 14 }, (_, index) => ({
      ...serum,
      handle: `niacinamide-serum-copy-${index}`,
      title: `Niacinamide Copy ${String(index).padStart(2, "0")}`,
      variants: serum.variants.map((variant) => ({ ...variant, sku: `${variant.sku}-COPY-${index}` })),
    }));
    const crowded = await openTestShop({ catalog: { ...demoCatalog, products: [...demoCatalog.products, ...copies] } });
    try {
      await seedContent(crowded.db, demoContent);
      const view = await client("10.1.0.1", crowded.platform).content.page("ingredients");
      const listed = view?.productsByTag["ingredient:niacinamide"] ?? [];
      expect(listed).toHaveLength(GLOSSARY_PRODUCTS);
      const titles = listed.map((product) => product.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
      expect(titles).toContain("Niacinamide Copy 00");
      const entries = await client("10.1.0.1", crowded.platform).content.glossary();
      expect(entries.map((entry) => entry.tag)).toEqual(view?.page.data.glossary?.map((entry) => entry.tag));
    } finally {
      await crowded.close();
    }
  });

  it("keeps a page's HTML without scripts, handlers or script links", async () => {
    await savePage(shop.db, {
      handle: "unsafe",
      title: "Unsafe",
      template: "page",
      bodyHtml: '<p onclick="steal()">Hello <a href="javascript:alert(1)">there</a><script>alert(1)</script><img src=x onerror=alert(1)> <a href="https://example.com">out</a></p>',
      data: { faq: [{ title: "Q", items: [{ question: "Why?", answerHtml: '<p style="color:red">Because<iframe src="//evil"></iframe></p>' }] }] },
    });
    const page = (await client("10.1.0.1").content.page("unsafe"))?.page;
    expect(page?.bodyHtml).toBe('<p>Hello <a>there</a> <a href="https://example.com" rel="noopener noreferrer">out</a></p>');
    expect(page?.data.faq?.[0]?.items[0]?.answerHtml).toBe("<p>Because</p>");
  });
});

describe("policies and the journal", () => {
  it("publishes the four policies", async () => {
    for (const handle of POLICY_HANDLES) {
      const policy = await client("10.1.0.1").content.policy(handle);
      expect(policy?.bodyHtml.length, handle).toBeGreaterThan(1500);
    }
    expect(await client("10.1.0.1").content.policy("cookie-policy")).toBeNull();
  });

  it("lists the journal's articles newest first, each with its picture, and an article with the products it links to", async () => {
    const view = await client("10.1.0.1").content.blog("journal", 1);
    expect(view?.articles.length).toBe(4);
    const dates = view?.articles.map((article) => article.publishedAt) ?? [];
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const article of view?.articles ?? []) expect(article.image?.src).toMatch(/^\/images\/products\//);
    const first = view?.articles[0];
    const opened = await client("10.1.0.1").content.article("journal", first?.handle ?? "");
    expect(opened?.article.title).toBe(first?.title);
    expect(opened?.blogTitle).toBe(view?.blog.title);
    expect(opened?.products.length).toBeGreaterThan(0);
    expect(await client("10.1.0.1").content.blog("journal", 2)).toMatchObject({ articles: [] });
    expect(await client("10.1.0.1").content.article("journal", "no-such-article")).toBeNull();
    expect(await client("10.1.0.1").content.blog("news", 1)).toBeNull();
  });

  it("links only to products, collections, pages, policies and articles that exist", async () => {
    const html = [
      ...demoContent.pages.flatMap((page) => [page.bodyHtml, ...(page.data?.faq?.flatMap((group) => group.items.map((item) => item.answerHtml)) ?? []), ...(page.data?.glossary?.map((entry) => entry.descriptionHtml) ?? [])]),
      ...demoContent.policies.map((policy) => policy.bodyHtml),
      ...demoContent.blog.articles.map((article) => article.bodyHtml),
    ].join("\n");
    const hrefs = [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? ""))];
    expect(hrefs.length).toBeGreaterThan(20);
    const storefront = client("10.1.0.1");
    const builders = new Set(["/pages/build-your-bundle", "/pages/build-your-kit", "/pages/routine-builder", "/account", "/search", "/collections", "/cart"]);
    for (const href of hrefs) {
      if (/^(mailto:|tel:|https:)/.test(href)) continue;
      const path = href.split(/[?#]/)[0] ?? "";
      let found: unknown = builders.has(path) || null;
      const [, kind, first, second] = /^\/(products|collections|pages|policies|blogs)\/([^/]+)(?:\/([^/]+))?$/.exec(path) ?? [];
      if (kind === "products") found = await storefront.product(first ?? "");
      if (kind === "collections") found = await storefront.collection(first ?? "", second ? { filters: second.split("+") } : {});
      if (kind === "pages" && !found) found = await storefront.content.page(first ?? "");
      if (kind === "policies") found = await storefront.content.policy(first ?? "");
      if (kind === "blogs") found = second ? await storefront.content.article(first ?? "", second) : await storefront.content.blog(first ?? "", 1);
      expect(found, href).toBeTruthy();
    }
  });
});

describe("the contact form", () => {
  it("keeps a message, sends it to the shop with the shopper as reply address, and confirms to the shopper", async () => {
    const answer = await client("10.1.1.1").content.contact(contactForm({ "contact[phone]": "+44 20 7946 0958", "contact[order_number]": "#1042" }));
    expect(answer).toEqual({ ok: true, email: "grace@example.com" });
    const [row] = await shop.db.query<Record<string, unknown>>("select name, email, phone, order_number, body from contact_messages order by id desc limit 1");
    expect(row).toEqual({ name: "Grace Hopper", email: "grace@example.com", phone: "+44 20 7946 0958", order_number: "#1042", body: "Is the barrier cream safe to use around the eyes?" });
    const mails = await shop.db.query<{ recipient: string; subject: string; reply_to: string | null; text_body: string; html_body: string }>(
      "select recipient, subject, reply_to, text_body, html_body from outbox order by id",
    );
    expect(mails.map((mail) => [mail.recipient, mail.reply_to])).toEqual([
      [shop.platform.settings.shop.email, "grace@example.com"],
      ["grace@example.com", null],
    ]);
    expect(mails[0]?.subject).toBe("Contact form: Grace Hopper about order #1042");
    expect(mails[0]?.text_body).toContain("Phone: +44 20 7946 0958");
    expect(mails[1]?.text_body).toContain("Is the barrier cream safe to use around the eyes?");
  });

  it("takes Dawn's field names and any other contact[...] field: the known ones as columns, the rest in the message", async () => {
    const answer = await client("10.1.1.5").content.contact({
      form_type: "contact",
      "contact[Name]": "Ada Lovelace",
      "contact[email]": "ada@example.com",
      "contact[Phone number]": "+44 20 7946 0000",
      "contact[Comment]": "Which serum suits oily skin best?",
      "contact[Skin type]": "Oily",
      "contact[Preferred reply]": "Email",
    });
    expect(answer).toEqual({ ok: true, email: "ada@example.com" });
    const [row] = await shop.db.query<Record<string, unknown>>("select name, email, phone, body from contact_messages order by id desc limit 1");
    expect(row).toEqual({ name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0000", body: "Which serum suits oily skin best?\n\nSkin type: Oily\nPreferred reply: Email" });
    const [notice] = await shop.db.query<{ text_body: string }>("select text_body from outbox where recipient = $1", [shop.platform.settings.shop.email]);
    expect(notice?.text_body).toContain("Skin type: Oily");
  });

  it("still refuses a bad email among Dawn's fields, saying which field", async () => {
    const answer = await client("10.1.1.6").content.contact({ "contact[Name]": "Ada", "contact[email]": "not-an-email", "contact[Comment]": "Which serum suits oily skin best?", "contact[Skin type]": "Oily" });
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    if (answer.ok) throw new Error("sent");
    expect(answer.errors).toEqual({ email: ["Enter a valid email address"] });
  });

  it("escapes what the shopper wrote in the shop's email", async () => {
    await client("10.1.1.2").content.contact(contactForm({ "contact[name]": "Eve", "contact[body]": '<img src=x onerror="alert(1)">\nsecond line' }));
    const [notice] = await shop.db.query<{ html_body: string }>("select html_body from outbox where recipient = $1", [shop.platform.settings.shop.email]);
    expect(notice?.html_body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;<br>second line");
    expect(notice?.html_body).not.toContain("<img");
  });

  it("names each bad field and keeps nothing", async () => {
    const before = await shop.db.query<{ count: number }>("select count(*)::int as count from contact_messages");
    const answer = await client("10.1.1.3").content.contact({ "contact[name]": "", "contact[email]": "nope", "contact[phone]": "call me", "contact[body]": "hi" });
    expect(answer).toMatchObject({ ok: false, reason: "invalid", description: "Please check the highlighted fields." });
    if (answer.ok) throw new Error("sent");
    expect(Object.keys(answer.errors).sort()).toEqual(["body", "email", "name", "phone"]);
    expect(answer.errors.body).toEqual(["Tell us a little more so we can help"]);
    expect(await shop.db.query<{ count: number }>("select count(*)::int as count from contact_messages")).toEqual(before);
    expect(await shop.db.query("select * from outbox")).toEqual([]);
  });

  it("answers a robot that filled the hidden field as if sent, and keeps and sends nothing", async () => {
    const before = await shop.db.query<{ count: number }>("select count(*)::int as count from contact_messages");
    expect(await client("10.1.1.4").content.contact(contactForm({ "contact[website]": "http://spam.example" }))).toEqual({ ok: true, email: "grace@example.com" });
    expect(await shop.db.query<{ count: number }>("select count(*)::int as count from contact_messages")).toEqual(before);
    expect(await shop.db.query("select * from outbox")).toEqual([]);
  });

  it("limits each address, in the database, so every server counts the same messages", async () => {
    const limited = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, contactLimit: { limit: 2, windowSeconds: 3600 } });
    expect(await client("10.1.2.1", limited).content.contact(contactForm({}))).toMatchObject({ ok: true });
    expect(await client("10.1.2.1", limited).content.contact(contactForm({}))).toMatchObject({ ok: true });
    const refused = await client("10.1.2.1", limited).content.contact(contactForm({}));
    expect(refused).toMatchObject({ ok: false, reason: "limited" });
    if (refused.ok) throw new Error("sent");
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(await client("10.1.2.2", limited).content.contact(contactForm({}))).toMatchObject({ ok: true });
  });
});

describe("search engines", () => {
  const get = (path: string) => shop.app.request(`http://shop.test${path}`);

  it("names the sitemap in robots.txt and keeps crawlers out of carts, accounts, searches and filtered lists", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const line of ["Disallow: /cart", "Disallow: /checkout", "Disallow: /account", "Disallow: /search", "Disallow: /collections/*/*", "Allow: /collections/*/products/", "Disallow: /*?*sort_by="]) expect(text).toContain(line);
    expect(text).toContain("Sitemap: http://shop.test/sitemap.xml");
  });

  it("indexes one sitemap per kind, each listing every published address with its last change", async () => {
    const index = await (await get("/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(files).toEqual(["products", "collections", "pages", "blogs"].map((kind) => `http://shop.test/sitemap_${kind}_1.xml`));

    const addresses = async (kind: string) => {
      const response = await get(`/sitemap_${kind}_1.xml`);
      expect(response.headers.get("content-type")).toContain("application/xml");
      const body = await response.text();
      expect(body.match(/<url>/g)?.length).toBe(body.match(/<lastmod>\d{4}-\d{2}-\d{2}T/g)?.length);
      return [...body.matchAll(/<url>\s*<loc>http:\/\/shop\.test([^<]+)<\/loc>/g)].map((match) => match[1]);
    };
    const products = await addresses("products");
    expect(products).toContain("/products/niacinamide-zinc-serum");
    expect(products).not.toContain("/products/gift-jade-roller");
    expect(products.length).toBe(demoCatalog.products.filter((product) => !product.tags.includes("gwp-hidden") && !/Sample/.test(product.productType)).length);
    expect(await addresses("collections")).toEqual(expect.arrayContaining(["/collections", "/collections/all", "/collections/serums"]));
    expect(await addresses("collections")).not.toContain("/collections/gifts");
    expect(await addresses("pages")).toEqual(expect.arrayContaining(["/pages/about", "/pages/faqs", "/policies/privacy-policy", "/policies/terms-of-service"]));
    expect((await addresses("blogs")).length).toBe(1 + demoContent.blog.articles.length);
    expect((await get("/sitemap_products_2.xml")).status).toBe(404);
    expect((await get("/sitemap_widgets_1.xml")).status).toBe(404);
  });
});

describe("the shop's own embeds", () => {
  it("answers the social feed: bestsellers' pictures and journal articles, taking turns", async () => {
    const response = await shop.app.request("/embeds/social-feed.json");
    expect(response.status).toBe(200);
    const { posts } = (await response.json()) as { posts: { url: string; image: string; caption: string }[] };
    expect(posts.length).toBe(8);
    expect(posts[0]?.url).toMatch(/^\/products\//);
    expect(posts[1]?.url).toMatch(/^\/blogs\/journal\//);
    for (const post of posts) expect(post.image).toMatch(/^\/images\/products\/.+width=480$/);
  });

  it("serves the recorded show, one moment per segment, each product a link into the shop", async () => {
    const live = shop.platform.settings.embeds?.liveShopping;
    const response = await shop.app.request(live?.sourceUrl ?? "/embeds/live/none");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/class="segment show__stage"/g)?.length).toBe(live?.show.segments.length);
    for (const segment of live?.show.segments ?? []) expect(html).toContain(`href="/products/${segment.product}" target="_top"`);
    // Its one inline script runs by the nonce of the page's policy.
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect([...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1])).toEqual([` nonce="${nonce}"`]);
    expect((await shop.app.request("/embeds/live/another-show")).status).toBe(404);
  });
});
