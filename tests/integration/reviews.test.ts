/**
 * Product reviews from the form to the page: a guest's review waits for the
 * signed link emailed to them, a customer's for approval at once; one review
 * per product per customer and per address, edited by writing again (and
 * waiting again); "Verified buyer" from an order of the product; approval,
 * rejection with a reason and a public reply; photos checked by their bytes
 * (count, kind, size, dimensions) and refused with 422; only approved reviews
 * reach the product's stars, its JSON-LD and its list. Runs on PGlite, and
 * on PostgreSQL when DATABASE_URL is set.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { REVIEWS_CSV_COLUMNS } from "../../src/core/admin/reviews-csv.ts";
import { parseCsv, unguardFormula } from "../../src/core/catalog/csv.ts";
import { REVIEW_PHOTO_MAX_BYTES } from "../../src/core/catalog/reviews.ts";
import { reviewsAdmin } from "../../src/platform/admin/reviews-admin.ts";
import type { ReviewContext } from "../../src/platform/catalog/reviews-service.ts";
import { type TestShop, openTestShop, openThemeShop } from "./harness.ts";

let shop: TestShop;
/** Where requests go: the API-only shop, or the shop that renders pages (the product page's tests). */
let request: (url: string, init?: RequestInit) => Promise<Response>;
let db: TestShop["db"];
let reviews: () => TestShop["platform"]["reviews"];
let settled: () => Promise<void>;
const HANDLE = "plain-cleanser";

beforeAll(async () => {
  shop = await openTestShop();
  useApiShop();
});

function useApiShop() {
  request = async (url, init) => shop.app.request(url, init);
  db = shop.db;
  reviews = () => shop.platform.reviews;
  settled = () => shop.platform.afterAnswer.settled();
}
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await db.query("delete from outbox");
  await db.query("delete from rate_limit_hits");
  await db.query("delete from product_reviews where product_id = $1", [await productId()]);
});

async function productId(handle = HANDLE): Promise<number> {
  const [row] = await db.query<{ id: string | number }>("select id from products where handle = $1", [handle]);
  return Number(row?.id);
}

const photo = (width = 640, height = 480, format: "png" | "jpeg" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: "#b85c38" } })[format]().toBuffer();

interface Written {
  fields?: Record<string, string>;
  photos?: { name: string; bytes: Uint8Array; type?: string }[];
}

function write({ fields = {}, photos = [] }: Written = {}, handle = HANDLE) {
  const form = new FormData();
  const all = { rating: "5", title: "Calm, clean skin", body: "Takes off my SPF and leaves nothing tight behind.", name: "Priya Shah", email: "priya@example.com", skin_type: "dry", ...fields };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  for (const file of photos) form.append("photos", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "image/jpeg" }));
  return request(`http://shop.test/products/${handle}/reviews`, { method: "POST", body: form, headers: { accept: "application/json" } });
}

async function mails() {
  await settled();
  return db.query<{ recipient: string; subject: string; text_body: string }>("select recipient, subject, text_body from outbox order by id");
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(text)?.[0] ?? "http://none");

async function confirmLatest(email: string) {
  const mail = (await mails()).findLast((sent) => sent.recipient === email && sent.subject.startsWith("Confirm your review"));
  return request(linkIn(mail?.text_body ?? "", "/reviews/confirm").toString());
}

const rows = async () =>
  db.query<{ id: string | number; status: string; title: string; rating: number; verified_buyer: boolean; holds: string[] }>(
    "select id, status, title, rating, verified_buyer, holds from product_reviews where product_id = $1 order by id",
    [await productId()],
  );

const customer = async (email: string): Promise<ReviewContext> => {
  const [row] = await shop.db.query<{ id: string | number }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, 'Tom', 'Hardy', 'x', 'x', '{}') on conflict do nothing returning id",
    [email],
  );
  const id = row ? Number(row.id) : Number((await shop.db.query<{ id: string | number }>("select id from customers where email = $1", [email]))[0]?.id);
  return { ip: "203.0.113.9", customer: { id, email, name: "Tom Hardy" }, siteCode: shop.platform.site.code, shopUrl: "http://shop.test" };
};

async function productJsonLd(handle = HANDLE) {
  const page = await (await request(`http://shop.test/products/${handle}`)).text();
  const script = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(page)?.[1] ?? "{}";
  return { page, ld: JSON.parse(script) as { aggregateRating?: { ratingValue: number; reviewCount: number }; review?: { reviewRating: { ratingValue: number }; name: string }[] } };
}

describe("a review's life", () => {
  it("keeps a guest's review unconfirmed until their signed link, then waits for approval and is shown once approved", async () => {
    const response = await write();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errors: [], status: "confirmation_sent" });
    expect((await rows()).map((row) => row.status)).toEqual(["unconfirmed"]);

    // A link the shop did not sign does nothing.
    const forged = await shop.app.request("http://shop.test/reviews/confirm?r=1&n=00000000000000000000000000000000&t=00");
    expect(forged.headers.get("location")).toContain("review=invalid");

    const confirmed = await confirmLatest("priya@example.com");
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/products/${HANDLE}?review=confirmed#write-review`);
    const [review] = await rows();
    expect(review?.status).toBe("pending");
    expect((await shop.platform.reviews.page(await productId(), { sort: "newest", skinType: null, withPhotos: false, page: 1 })).total).toBe(0);

    expect(await shop.platform.reviews.approve(Number(review?.id))).toEqual({ ok: true });
    const page = await shop.platform.reviews.page(await productId(), { sort: "newest", skinType: null, withPhotos: false, page: 1 });
    expect(page.summary).toMatchObject({ rating: 5, count: 1 });
    expect(page.reviews[0]).toMatchObject({ title: "Calm, clean skin", author: "Priya S.", skinType: "dry", verifiedBuyer: false });
    const published = (await mails()).filter((mail) => mail.subject.startsWith("Your review of"));
    expect(published.map((mail) => mail.recipient)).toEqual(["priya@example.com"]);
  });

  it("takes a customer's review for approval at once, marks a buyer verified, and edits it when they write again", async () => {
    const tom = await customer("tom@example.com");
    const id = await productId();
    const variant = shop.variant(HANDLE);
    await shop.db.query(
      `insert into orders (token, cart_token, email, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency, customer_id)
       values ('review-order-token', 'c', 'tom@example.com', '{}', $1::jsonb, 1000, 0, 0, 1000, 'GBP', $2::bigint)`,
      [JSON.stringify([{ variant_id: variant, quantity: 1, price: 1000 }]), tom.customer?.id],
    );
    const form = { rating: "4", title: "Good cleanser", body: "Gentle and quick to rinse off after the gym." };
    expect(await shop.platform.reviews.submit(id, form, [], tom)).toEqual({ errors: [], status: "pending" });
    const [first] = await rows();
    expect(first).toMatchObject({ status: "pending", verified_buyer: true });
    await shop.platform.reviews.approve(Number(first?.id));

    // Writing again edits the one review, which waits for approval again and leaves the page meanwhile.
    expect(await shop.platform.reviews.submit(id, { ...form, rating: "2", title: "Changed my mind" }, [], tom)).toEqual({ errors: [], status: "pending" });
    expect((await rows()).map((row) => [row.id, row.status, row.rating, row.title])).toEqual([[first?.id, "pending", 2, "Changed my mind"]]);
    expect((await shop.platform.reviews.summary(id)).count).toBe(0);
    await shop.db.query("delete from orders where token = 'review-order-token'");
  });

  it("lets a guest edit their review only through a new link, and one review per address stays", async () => {
    await write();
    await confirmLatest("priya@example.com");
    const [original] = await rows();
    await shop.platform.reviews.approve(Number(original?.id));

    await write({ fields: { rating: "3", title: "Less sure now", email: "PRIYA@example.com" } });
    // Until the new link is followed, the approved review stands.
    expect((await rows()).map((row) => row.status)).toEqual(["approved", "unconfirmed"]);
    expect((await shop.platform.reviews.summary(await productId())).rating).toBe(5);
    await confirmLatest("PRIYA@example.com");
    expect((await rows()).map((row) => [row.status, row.title])).toEqual([["pending", "Less sure now"]]);
  });

  it("rejects with a reason, and replies in public under an approved review", async () => {
    await write({ fields: { body: "Buy it cheaper at www.bargain-skin.example today" } });
    await confirmLatest("priya@example.com");
    const [held] = await rows();
    expect(held?.holds).toEqual(["link"]);
    expect(await shop.platform.reviews.reject(Number(held?.id), "  ")).toMatchObject({ ok: false, reason: "invalid" });
    expect(await shop.platform.reviews.reject(Number(held?.id), "Links to other shops are not published.")).toEqual({ ok: true });
    expect((await shop.platform.reviews.moderation("rejected")).find((review) => review.id === Number(held?.id))?.rejectionReason).toBe("Links to other shops are not published.");

    await shop.platform.reviews.approve(Number(held?.id));
    expect(await shop.platform.reviews.reply(Number(held?.id), "Thank you for your review.")).toEqual({ ok: true });
    const page = await shop.platform.reviews.page(await productId(), { sort: "newest", skinType: null, withPhotos: false, page: 1 });
    expect(page.reviews[0]?.reply).toBe("Thank you for your review.");
  });

  it("answers the fields' errors with 422", async () => {
    const response = await write({ fields: { rating: "9", body: "short", email: "not-an-email" } });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: { field: string }[] };
    expect(body.errors.map((error) => error.field).sort()).toEqual(["body", "email", "rating"]);
    expect(await rows()).toEqual([]);
  });
});

describe("photos", () => {
  it("keeps up to three photos, resized as WebP, served once the review is approved", async () => {
    const big = await photo(3000, 2000);
    const response = await write({ photos: [{ name: "a.jpg", bytes: big }, { name: "b.png", bytes: await photo(400, 400, "png"), type: "image/png" }] });
    expect(response.status).toBe(200);
    await confirmLatest("priya@example.com");
    const [review] = await rows();
    const kept = await shop.db.query<{ id: string | number; width: number; height: number }>("select id, width, height from review_photos where review_id = $1 order by position", [review?.id]);
    expect(kept.map((row) => [row.width, row.height])).toEqual([
      [1600, 1067],
      [400, 400],
    ]);
    const src = `http://shop.test/reviews/photos/${kept[0]?.id}.webp`;
    expect((await shop.app.request(src)).status).toBe(404);
    await shop.platform.reviews.approve(Number(review?.id));
    const served = await shop.app.request(src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("refuses a fourth photo, a file that is no picture, one too small, and one too heavy, each with 422 and nothing kept", async () => {
    const good = await photo();
    const cases: [Written["photos"], RegExp][] = [
      [[1, 2, 3, 4].map((n) => ({ name: `${n}.jpg`, bytes: good })), /up to 3 photos/],
      [[{ name: "holiday.jpg", bytes: new TextEncoder().encode("<?php echo 'not a picture'; ?>") }], /holiday\.jpg is not a photo we can show/],
      [[{ name: "tiny.jpg", bytes: await photo(120, 90) }], /tiny\.jpg is too small \(120 × 90 pixels\)/],
      [[{ name: "huge.jpg", bytes: new Uint8Array(REVIEW_PHOTO_MAX_BYTES + 1) }], /huge\.jpg is larger than 8 MB/],
      [[{ name: "cut.jpg", bytes: good.subarray(0, Math.floor(good.byteLength / 2)) }], /cut\.jpg is not a photo we can show/],
    ];
    for (const [photos, message] of cases) {
      const response = await write({ photos });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { errors: { field: string; message: string }[] };
      expect(body.errors[0]?.field).toBe("photos");
      expect(body.errors[0]?.message).toMatch(message);
    }
    expect(await rows()).toEqual([]);
  });
});

describe("the product page", () => {
  let themed: Awaited<ReturnType<typeof openThemeShop>>;
  beforeAll(async () => {
    themed = await openThemeShop();
    request = async (url, init) => themed.shop.fetch(new Request(url, init));
    db = themed.db;
    reviews = () => themed.shop.settings.value.platform.reviews;
    settled = () => themed.shop.settings.value.platform.afterAnswer.settled();
  });
  afterAll(async () => {
    await themed?.close();
    useApiShop();
  });

  it("draws the stars, the list and JSON-LD from approved reviews only", async () => {
    const before = await productJsonLd();
    expect(before.ld.aggregateRating).toBeUndefined();

    await write({ fields: { rating: "4", title: "Shown review" } });
    await confirmLatest("priya@example.com");
    await write({ fields: { rating: "1", title: "Waiting review", email: "waiting@example.com", name: "Wai Ting" } });
    await confirmLatest("waiting@example.com");
    const [shown] = await rows();
    await reviews().approve(Number(shown?.id));

    const { page, ld } = await productJsonLd();
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(ld.review?.map((review) => [review.name, review.reviewRating.ratingValue])).toEqual([["Shown review", 4]]);
    expect(page).toContain("Shown review");
    expect(page).not.toContain("Waiting review");
  });

  it("escapes what a reviewer wrote", async () => {
    await write({ fields: { title: "<img src=x onerror=alert(1)>", body: "<script>alert('x')</script> lovely cleanser" } });
    await confirmLatest("priya@example.com");
    const [review] = await rows();
    await reviews().approve(Number(review?.id));
    const { page } = await productJsonLd();
    expect(page).not.toContain("<img src=x onerror");
    expect(page).not.toContain("<script>alert('x')</script>");
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("answers a page of reviews as JSON, filtered by skin type and photos, sorted", async () => {
    const id = await productId();
    for (const [index, rating] of [5, 2, 4].entries()) {
      await write({ fields: { rating: String(rating), title: `Review ${rating}`, body: `Words for review number ${index} of this cleanser.`, email: `r${index}@example.com`, skin_type: index === 1 ? "oily" : "dry" } });
      await confirmLatest(`r${index}@example.com`);
    }
    for (const row of await rows()) await reviews().approve(Number(row.id));
    const answer = await request(`http://shop.test/products/${HANDLE}/reviews.json?sort=lowest&skin_type=dry`);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { total: number; reviews: { rating: number }[]; summary: { count: number; stars: number[] } };
    expect(page.total).toBe(2);
    expect(page.reviews.map((review) => review.rating)).toEqual([4, 5]);
    expect(page.summary).toMatchObject({ count: 3, stars: [0, 1, 0, 1, 1] });
    expect((await reviews().page(id, { sort: "newest", skinType: null, withPhotos: true, page: 1 })).total).toBe(0);
  });
});

describe("limits", () => {
  it("answers 429 with Retry-After once an address has written too often", async () => {
    let last: Response | undefined;
    for (let index = 0; index < 11; index += 1) last = await write({ fields: { email: `limit${index}@example.com`, body: `A different review, number ${index}, of this cleanser.` } });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("asking for reviews after delivery", () => {
  it("emails each fulfilled order once its delay has passed, with star links that open the form, and never twice", async () => {
    const variant = shop.variant(HANDLE);
    const order = async (token: string, email: string, daysAgo: number) =>
      shop.db.query(
        `insert into orders (token, cart_token, email, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency, fulfillment_status, fulfilled_at, shop_url)
         values ($1, 'c', $2, '{}', $3, 1000, 0, 0, 1000, 'GBP', 'fulfilled', now() - make_interval(days => $4::int), 'http://shop.test/en-us')`,
        [token, email, JSON.stringify([{ variant_id: variant, quantity: 1, price: 1000 }]), daysAgo],
      );
    await order("due-order", "due@example.com", 15);
    await order("early-order", "early@example.com", 2);
    expect(await shop.platform.reviews.sendReviewRequests(14)).toBe(1);
    const [mail] = (await mails()).filter((sent) => sent.subject.startsWith("How are you getting on"));
    expect(mail?.recipient).toBe("due@example.com");
    expect(mail?.text_body).toContain(`http://shop.test/en-us/products/${HANDLE}?review_stars=5#write-review`);
    expect(await shop.platform.reviews.sendReviewRequests(14)).toBe(0);
    await shop.db.query("delete from orders where token in ('due-order', 'early-order')");
  });
});

describe("questions", () => {
  it("takes a question from a plain form and shows it only once the merchant has answered", async () => {
    const asked = await shop.app.request(`http://shop.test/products/${HANDLE}/questions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ question: "Is this safe to use during pregnancy?", name: "Jo Bloggs", email: "jo@example.com" }).toString(),
    });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(`/products/${HANDLE}?question=pending#questions`);
    const id = await productId();
    expect(await shop.platform.reviews.answered(id)).toEqual([]);
    const [waiting] = (await shop.platform.reviews.unanswered()).filter((question) => question.email === "jo@example.com");
    expect(await shop.platform.reviews.answer(Number(waiting?.id), "Yes: it has no retinoids or salicylic acid.", "http://shop.test")).toEqual({ ok: true });
    expect((await shop.platform.reviews.answered(id)).map((question) => [question.question, question.author, question.answer])).toEqual([
      ["Is this safe to use during pregnancy?", "Jo B.", "Yes: it has no retinoids or salicylic acid."],
    ]);
    expect((await mails()).some((mail) => mail.recipient === "jo@example.com" && mail.subject.startsWith("Your question about"))).toBe(true);
  });
});

describe("the back office's export", () => {
  it("gives every confirmed review as CSV, Judge.me's columns first, formulas defused, photos as addresses, and nothing to no one signed in", async () => {
    await write({ fields: { title: "=HYPERLINK(\"http://evil.example\")", body: "Calm skin after a week, and it rinses off clean." }, photos: [{ name: "a.jpg", bytes: await photo() }] });
    await confirmLatest("priya@example.com");
    const [published] = await rows();
    await shop.platform.reviews.approve(Number(published?.id));
    await shop.platform.reviews.reply(Number(published?.id), "Thank you, Priya.");
    await write({ fields: { email: "sam@example.com", name: "Sam Lee", body: "Buy it cheaper at www.bargain-skin.example today" } });
    await confirmLatest("sam@example.com");
    const held = (await rows()).find((row) => row.status === "pending");
    await shop.platform.reviews.reject(Number(held?.id), "Links to other shops are not published.");
    // Not confirmed: the address is not proven, so it is not exported.
    await write({ fields: { email: "ghost@example.com", name: "Ghost" } });

    const owner = { id: 1, email: "owner@example.com", name: "Owner", role: "owner" } as unknown as StaffJson;
    expect(await reviewsAdmin(shop.db, shop.platform.reviews, async () => null, "http://shop.test").exportCsv()).toBeNull();
    const csv = await reviewsAdmin(shop.db, shop.platform.reviews, async () => owner, "http://shop.test").exportCsv();
    const [header = [], ...records] = parseCsv(csv ?? "").map((record) => record.fields);
    expect(header).toEqual([...REVIEWS_CSV_COLUMNS]);
    const ours = records.filter((record) => record[header.indexOf("product_handle")] === HANDLE).map((record) => Object.fromEntries(header.map((name, index) => [name, record[index] ?? ""])));
    expect(ours.map((review) => [review.reviewer_email, review.status])).toEqual([
      ["priya@example.com", "published"],
      ["sam@example.com", "rejected"],
    ]);
    expect(ours[0]).toMatchObject({ rating: "5", reviewer_name: "Priya S.", product_id: String(await productId()), reply: "Thank you, Priya.", skin_type: "dry", verified_buyer: "false" });
    // A shopper's formula is text in a spreadsheet, given back exactly when read as the shop reads CSV.
    expect(ours[0]?.title).toBe("'=HYPERLINK(\"http://evil.example\")");
    expect(unguardFormula(ours[0]?.title ?? "")).toBe("=HYPERLINK(\"http://evil.example\")");
    expect(ours[0]?.picture_urls).toMatch(/^http:\/\/shop\.test\/reviews\/photos\/\d+\.webp$/);
    expect(ours[0]?.reply_date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ours[1]).toMatchObject({ rejection_reason: "Links to other shops are not published.", reply: "", picture_urls: "" });
  });
});
