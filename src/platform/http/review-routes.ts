/**
 * Product reviews and questions over HTTP:
 *
 *   POST /products/{handle}/reviews        a review (multipart with up to 3 `photos`, or a plain form): JSON
 *                                          {errors, status} to a script (422 with the fields' errors, a refused
 *                                          photo among them; 429 when this address wrote too often); a plain form
 *                                          goes back to the product page with ?review=pending|confirmation_sent|error
 *   POST /products/{handle}/questions      a question: the same answers
 *   GET  /products/{handle}/reviews.json   one page of the approved reviews (sort, skin_type, photos=1, page)
 *   GET  /reviews/confirm?r=&n=&t=          a guest's signed link → the product page, ?review=confirmed
 *   GET  /reviews/photos/{id}.webp          a photo of an approved review
 *   GET  /admin/reviews/photos/{id}.webp    any review's photo, for the back office's signed-in staff
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { QUESTION_OUTCOME_PARAM, REVIEW_CONFIRM_PATH, REVIEW_OUTCOME_PARAM, reviewQueryOf } from "../../core/catalog/reviews.ts";
import { ADMIN_SESSION_COOKIE } from "../admin/admin-client.ts";
import type { ReviewAnswer, ReviewContext, ReviewPhotoFile } from "../catalog/reviews-service.ts";
import type { Platform } from "../services.ts";
import { inProcessStorefront } from "../storefront/in-process.ts";
import { accountRequest } from "./account-cookies.ts";
import { parseBracketed, readBody } from "./body.ts";
import { badRequest, notFound } from "./errors.ts";
import { cartToken } from "./cookies.ts";
import { shopUrlOf } from "./origin.ts";
import { wantsJson } from "./requests.ts";

/** The form's fields and its photo files. */
async function readReviewForm(c: Context): Promise<{ form: Record<string, unknown>; photos: ReviewPhotoFile[] }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.includes("multipart/form-data")) return { form: await readBody(c), photos: [] };
  let data: FormData;
  try {
    data = await c.req.raw.formData();
  } catch {
    throw badRequest("The request body is not valid multipart form data");
  }
  const pairs: [string, string][] = [];
  const photos: ReviewPhotoFile[] = [];
  for (const [key, value] of data.entries()) {
    if (typeof value === "string") pairs.push([key, value]);
    // A file input left empty still sends a nameless, empty part.
    else if (key === "photos" && (value.size > 0 || value.name !== "")) photos.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return { form: parseBracketed(pairs), photos };
}

async function reviewContext(c: Context, platform: Platform): Promise<ReviewContext> {
  const request = accountRequest(c);
  const customer = await inProcessStorefront(platform, cartToken(c), shopUrlOf(c), request).account.customer();
  return {
    ip: request.ip,
    customer: customer ? { id: customer.id, email: customer.email, name: `${customer.first_name} ${customer.last_name}`.trim() || customer.email.split("@")[0] || "" } : null,
    siteCode: platform.site.code,
    shopUrl: `${shopUrlOf(c)}${platform.site.path}`,
  };
}

/** The answer to a review or question: JSON for a script, else back to the product page with the outcome. */
function answer(c: Context, handle: string, reply: ReviewAnswer, anchor: string, prefix: string, param: string): Response {
  if (reply.retryAfter !== undefined) c.header("retry-after", String(reply.retryAfter));
  if (!wantsJson(c)) {
    const outcome = reply.errors.length ? "error" : (reply.status ?? "pending");
    return c.redirect(`${prefix}/products/${encodeURIComponent(handle)}?${param}=${outcome}#${anchor}`, 303);
  }
  const { retryAfter, ...body } = reply;
  return c.json(body, retryAfter !== undefined ? 429 : reply.errors.length ? 422 : 200);
}

export function reviewRoutes(platform: Platform): Hono {
  const app = new Hono();
  const { reviews } = platform;
  const productOf = async (handle: string) => {
    const product = (await platform.catalog.get()).productsByHandle.get(handle);
    return product?.published ? product : null;
  };

  app.post("/products/:handle/reviews", async (c) => {
    const handle = c.req.param("handle");
    const product = await productOf(handle);
    if (!product) throw notFound("Product not found");
    const { form, photos } = await readReviewForm(c);
    const reply = await reviews.submit(product.id, form, photos, await reviewContext(c, platform));
    return answer(c, handle, reply, "write-review", platform.site.path, REVIEW_OUTCOME_PARAM);
  });

  app.post("/products/:handle/questions", async (c) => {
    const handle = c.req.param("handle");
    const product = await productOf(handle);
    if (!product) throw notFound("Product not found");
    const reply = await reviews.ask(product.id, await readBody(c), await reviewContext(c, platform));
    return answer(c, handle, reply, "questions", platform.site.path, QUESTION_OUTCOME_PARAM);
  });

  app.get("/products/:handle/reviews.json", async (c) => {
    const product = await productOf(c.req.param("handle"));
    if (!product) throw notFound("Product not found");
    const page = await reviews.page(product.id, reviewQueryOf(new URL(c.req.url).searchParams));
    c.header("cache-control", "no-cache");
    return c.json(page);
  });

  app.get(REVIEW_CONFIRM_PATH, async (c) => {
    const confirmed = await reviews.confirm(c.req.query());
    if (!confirmed) return c.redirect(`${platform.site.path}/?${REVIEW_OUTCOME_PARAM}=invalid`, 303);
    return c.redirect(`${platform.site.path}/products/${encodeURIComponent(confirmed.handle)}?${REVIEW_OUTCOME_PARAM}=${confirmed.outcome}#write-review`, 303);
  });

  // A photo leaves the shop within minutes of its review being rejected.
  const photoAnswer = (c: Context, bytes: Uint8Array | null, cacheControl: string) => {
    if (!bytes) return c.body(null, 404);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "image/webp", "cache-control": cacheControl });
  };

  app.get("/reviews/photos/:file{[0-9]+\\.webp}", async (c) => photoAnswer(c, await reviews.photo(Number.parseInt(c.req.param("file"), 10)), "public, max-age=300"));

  app.get("/admin/reviews/photos/:file{[0-9]+\\.webp}", async (c) => {
    const staff = await platform.staff.staffForSession(getCookie(c, ADMIN_SESSION_COOKIE));
    if (!staff) return c.body(null, 404);
    return photoAnswer(c, await reviews.anyPhoto(Number.parseInt(c.req.param("file"), 10)), "private, no-store");
  });

  return app;
}
