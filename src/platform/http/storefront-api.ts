import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie, setCookie } from "hono/cookie";
import { isbot } from "isbot";
import { z } from "zod";
import { parseCollectionPath, parseFilterSegment, readPage, readSort } from "../../core/collection-url.ts";
import { type Platform, collectionPage, searchPage } from "../platform.ts";
import { isCartToken, newCartToken } from "../cart/cart-model.ts";
import { cartJson, lineItemJson } from "../cart/cart-json.ts";
import { priceLines } from "../cart/pricing.ts";
import type { CartChange } from "../cart/cart-service.ts";
import { collectionJson, productJs, productListJson, productRestJson, productViewJson } from "../catalog/product-json.ts";
import { isBrowsable, recommendProducts } from "../catalog/recommendations.ts";
import { filterCollection } from "../catalog/filters.ts";
import { SUGGEST_TYPES, type SuggestType, predictiveSearch } from "../catalog/predictive-search.ts";
import { DEFAULT_SEARCH_FIELDS, SEARCH_FIELDS, type SearchField } from "../catalog/search.ts";
import { checkoutFieldErrors, checkoutInput } from "../orders/checkout-input.ts";
import { readBody } from "./body.ts";
import { ApiError, notFound } from "./errors.ts";
import { addItemsBody, addSingleBody, changeBody, parseInput, parseLine, updateBody } from "./inputs.ts";

export const CART_COOKIE = "cart";
const CART_COOKIE_MAX_AGE = 14 * 24 * 60 * 60;
/** Larger cart bodies than this are refused with 413. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Reads the cart token from the cookie, or makes a new one and sets the cookie. */
export function cartToken(c: Context): string {
  const existing = getCookie(c, CART_COOKIE);
  if (isCartToken(existing)) return existing;
  const token = newCartToken();
  const secure = new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
  setCookie(c, CART_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure, maxAge: CART_COOKIE_MAX_AGE });
  return token;
}

/** Whether a cart call wants JSON back, as opposed to a classic form post that expects a redirect. */
export function wantsJson(c: Context): boolean {
  const path = new URL(c.req.url).pathname;
  if (path.endsWith(".js") || path.endsWith(".json")) return true;
  const accept = c.req.header("accept") ?? "";
  return /json|javascript/.test(accept) || c.req.header("x-requested-with") === "XMLHttpRequest";
}

/**
 * A redirect target (`return_to`, a discount link's `redirect`) kept on this
 * site. It is checked after URL parsing, which drops tabs and newlines and
 * resolves dot segments, so `/\t/x` or `/.//x` cannot become `//x`, another host.
 */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || /[\\\p{Cc}]/u.test(value)) return fallback;
  const base = "http://shop.invalid";
  let target: URL;
  try {
    target = new URL(value, base);
  } catch {
    return fallback;
  }
  const result = `${target.pathname}${target.search}${target.hash}`;
  return target.origin === base && !result.startsWith("//") ? result : fallback;
}

/** A classic form post that failed goes back to the cart page, which shows the reason. */
export function redirectWithCartError(c: Context, error: ApiError): Response {
  return c.redirect(`/cart?cart_error=${encodeURIComponent(String(error.body.description ?? error.message))}`, 303);
}

const paging = (c: Context) => {
  const limit = Math.min(250, Math.max(1, Number.parseInt(c.req.query("limit") ?? "30", 10) || 30));
  const page = Math.max(1, Number.parseInt(c.req.query("page") ?? "1", 10) || 1);
  return { limit, page, offset: (page - 1) * limit };
};

/** Shopify's predictive-search parameter error: `status` is a string there. */
const searchParameterError = (description: string) => new ApiError(422, { status: "422", message: "Invalid parameter error", description });

const suggestParameters = z.object({
  q: z.string().optional(),
  "resources[type]": z.string().default("query,product,collection,page"),
  "resources[limit]": z.string().default("10"),
  "resources[limit_scope]": z.string().default("all"),
  "resources[options][unavailable_products]": z.string().default("last"),
  "resources[options][fields]": z.string().optional(),
});

/** A comma list whose every entry is one of `allowed`, or null when one is not. */
function commaList<T extends string>(value: string, allowed: readonly T[]): T[] | null {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length || entries.some((entry) => !(allowed as readonly string[]).includes(entry))) return null;
  return [...new Set(entries as T[])];
}

/** The fields a predictive search looks in; `author` is accepted and matches nothing (products have none). */
const SUGGEST_FIELDS = [...(Object.keys(SEARCH_FIELDS) as SearchField[]), "author"] as const;

/** The JS-readable cookie Shopify sets for a discount link; themes read it to show the code. */
export const DISCOUNT_COOKIE = "discount_code";
/** Printable, no spaces or commas (a comma separates codes in `/cart/update.js`), at most 100 characters. */
const DISCOUNT_CODE_PATTERN = /^[^\s,\p{Cc}]{1,100}$/u;
export const VIEWER_COOKIE = "viewer";
const VIEWER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";

/** A random id for the product-view counter, kept in an HttpOnly cookie; it identifies a browser, not a person. */
function viewerId(c: Context): string {
  const existing = getCookie(c, VIEWER_COOKIE);
  if (existing && /^[a-f0-9]{32}$/.test(existing)) return existing;
  const id = newCartToken();
  setCookie(c, VIEWER_COOKIE, id, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c), maxAge: VIEWER_COOKIE_MAX_AGE });
  return id;
}

/**
 * Where a discount link sends the shopper: its `redirect` (or `return_to`)
 * when that is a path on this shop, else home, with the link's other query
 * parameters carried over.
 */
function discountLinkTarget(link: URL): string {
  const target = new URL(safeLocalPath(link.searchParams.get("redirect") ?? link.searchParams.get("return_to"), "/"), "http://shop.invalid");
  for (const [name, value] of link.searchParams) if (name !== "redirect" && name !== "return_to") target.searchParams.append(name, value);
  return `${target.pathname}${target.search}${target.hash}`;
}

export function storefrontApi(platform: Platform): Hono {
  const app = new Hono();

  const answerChange = async (c: Context, change: CartChange, body: Record<string, unknown>, render: () => Promise<unknown>) => {
    if (!wantsJson(c)) {
      if (change.error) return redirectWithCartError(c, change.error);
      return c.redirect(safeLocalPath(body.return_to, "/cart"), 302);
    }
    if (change.error) return c.json(change.error.body, change.error.httpStatus as 422);
    return c.json(await render());
  };

  const renderCart = async (token: string) => {
    const [cart, catalog] = await Promise.all([platform.carts.read(token), platform.catalog.get()]);
    return cartJson(cart, catalog, platform.settings.currency, await platform.discounts.pricingFor(cart));
  };

  const cartPost = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ status: 413, message: "Payload Too Large", description: "The request body is too large" }, 413),
  });

  for (const path of ["/cart.js", "/cart.json"]) {
    app.get(path, async (c) => c.json(await renderCart(cartToken(c))));
  }

  for (const path of ["/cart/add", "/cart/add.js", "/cart/add.json"]) {
    app.post(path, cartPost, async (c) => {
      const token = cartToken(c);
      const body = await readBody(c);
      const many = "items" in body;
      const items = many ? parseInput(addItemsBody, body).items : [parseInput(addSingleBody, body)];
      const change = await platform.carts.add(token, items);
      return answerChange(c, change, body, async () => {
        const catalog = await platform.catalog.get();
        const pricedLines = priceLines(change.cart, catalog);
        const lines = change.touchedKeys
          .map((key) => change.cart.lines.find((line) => line.key === key))
          .filter((line) => line !== undefined)
          .map((line) => lineItemJson(line, catalog, pricedLines.allocations.get(line.key)));
        return many ? { items: lines } : (lines[0] ?? {});
      });
    });
  }

  for (const path of ["/cart/change", "/cart/change.js", "/cart/change.json"]) {
    app.post(path, cartPost, async (c) => {
      const token = cartToken(c);
      const body = await readBody(c);
      const input = parseInput(changeBody, body);
      const line = parseLine(input.line);
      const change = await platform.carts.change(token, {
        ...(line !== undefined ? { line } : {}),
        ...(input.id !== undefined ? { id: String(input.id) } : {}),
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.properties !== undefined ? { properties: input.properties } : {}),
      });
      return answerChange(c, change, body, () => renderCart(token));
    });
  }

  for (const path of ["/cart/update", "/cart/update.js", "/cart/update.json"]) {
    app.post(path, cartPost, async (c) => {
      const token = cartToken(c);
      const body = await readBody(c);
      const input = parseInput(updateBody, body);
      const change = await platform.carts.update(token, {
        ...(input.updates !== undefined ? { updates: input.updates } : {}),
        ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.discount !== undefined ? { discount: input.discount } : {}),
      });
      return answerChange(c, change, body, () => renderCart(token));
    });
  }

  for (const path of ["/cart/clear", "/cart/clear.js", "/cart/clear.json"]) {
    app.post(path, cartPost, async (c) => {
      const token = cartToken(c);
      const change = await platform.carts.clear(token);
      return answerChange(c, change, {}, () => renderCart(token));
    });
  }

  // A discount link: the code goes on the shopper's cart (and in a cookie themes read), then on to a page of this shop.
  app.get("/discount/:code", async (c) => {
    const code = c.req.param("code").trim();
    if (DISCOUNT_CODE_PATTERN.test(code)) {
      await platform.carts.applyDiscountCode(cartToken(c), code);
      setCookie(c, DISCOUNT_COOKIE, code, { path: "/", sameSite: "Lax", secure: isHttps(c) });
    }
    return c.redirect(discountLinkTarget(new URL(c.req.url)), 302);
  });

  // The honest "people viewing this" counter: distinct viewers of a product in the last few minutes.
  // Registered before `/products/:file{.+\\.(js|json)}`, whose pattern would take these paths too.
  const viewedProduct = async (c: Context) => {
    const product = (await platform.catalog.get()).productsByHandle.get(c.req.param("handle") ?? "");
    if (!product || !product.published) throw notFound("Product not found");
    return product;
  };
  const viewerCount = async (c: Context, productId: number) => {
    const asked = Number.parseInt(c.req.query("minutes") ?? "", 10);
    const minutes = Number.isInteger(asked) && asked >= 1 && asked <= 60 ? asked : platform.settings.product.usersOnPage.windowMinutes;
    return { count: await platform.productViews.recentViewers(productId, minutes), minutes };
  };
  app.get("/products/:handle/viewers.json", async (c) => {
    const product = await viewedProduct(c);
    c.header("cache-control", "no-store");
    return c.json(await viewerCount(c, product.id));
  });
  app.post("/products/:handle/viewers.json", async (c) => {
    const product = await viewedProduct(c);
    // Crawlers are not shoppers; they are answered but not counted.
    if (!isbot(c.req.header("user-agent") ?? "")) await platform.productViews.recordProductView(product.id, viewerId(c));
    c.header("cache-control", "no-store");
    return c.json(await viewerCount(c, product.id));
  });

  app.post("/checkout.json", cartPost, async (c) => {
    const body = await readBody(c);
    const parsed = checkoutInput.safeParse(body);
    if (!parsed.success) {
      return c.json(
        { status: 422, message: "Checkout Error", description: "Please check the highlighted fields.", errors: checkoutFieldErrors(parsed.error) },
        422,
      );
    }
    const order = await platform.orders.place(cartToken(c), parsed.data);
    return c.json({ order });
  });

  app.get("/orders/:file{[a-f0-9]{32}\\.json}", async (c) => {
    const order = await platform.orders.find(c.req.param("file").replace(/\.json$/, ""));
    if (!order) throw notFound("Order not found");
    return c.json({ order });
  });

  app.get("/products.json", async (c) => {
    const { limit, offset } = paging(c);
    const catalog = await platform.catalog.get();
    const products = [...catalog.products.values()].filter((product) => product.published);
    return c.json({ products: products.slice(offset, offset + limit).map(productListJson) });
  });

  app.get("/collections.json", async (c) => {
    const { limit, offset } = paging(c);
    const catalog = await platform.catalog.get();
    const collections = [...catalog.collections.values()].filter((collection) => !collection.hidden);
    return c.json({ collections: collections.slice(offset, offset + limit).map((collection) => collectionJson(collection, catalog)) });
  });

  app.get("/collections/:handle/products.json", async (c) => {
    const { limit, offset } = paging(c);
    const catalog = await platform.catalog.get();
    const collection = catalog.collections.get(c.req.param("handle"));
    if (!collection) throw notFound("Collection not found");
    const products = collection.productIds
      .map((id) => catalog.products.get(id))
      .filter((product) => product !== undefined && product.published);
    return c.json({ products: products.slice(offset, offset + limit).map((product) => productListJson(product!)) });
  });

  // Shopify's tag-filtered collection list: /collections/face/skin-type-dry+concern-acne/products.json
  app.get("/collections/:handle/:filters/products.json", async (c) => {
    const { limit, page } = paging(c);
    const catalog = await platform.catalog.get();
    const sort = readSort(new URL(c.req.url));
    const result = filterCollection(
      catalog,
      c.req.param("handle"),
      { filters: parseFilterSegment(c.req.param("filters")), page, perPage: limit, ...(sort ? { sort } : {}), facets: false },
      platform.settings.collections.filterGroups,
    );
    if (!result) throw notFound("Collection not found");
    // Past the last page Shopify answers an empty list rather than the last page again.
    return c.json({ products: page > result.pageCount ? [] : result.products.map(productListJson) });
  });

  app.get("/search/suggest.json", async (c) => {
    const input = suggestParameters.parse(c.req.query());
    if (input.q === undefined) throw searchParameterError("Missing parameter `q`");
    const types = commaList<SuggestType>(input["resources[type]"], SUGGEST_TYPES);
    if (!types) throw searchParameterError("Invalid option for `type` parameter");
    const limitScope = input["resources[limit_scope]"];
    if (limitScope !== "all" && limitScope !== "each") throw searchParameterError("Invalid option for `limit_scope` parameter");
    const unavailable = input["resources[options][unavailable_products]"];
    if (unavailable !== "show" && unavailable !== "hide" && unavailable !== "last") {
      throw searchParameterError("Invalid option for `unavailable_products` parameter");
    }
    const fieldsParameter = input["resources[options][fields]"];
    const fields = fieldsParameter === undefined ? [...DEFAULT_SEARCH_FIELDS] : commaList(fieldsParameter, SUGGEST_FIELDS);
    if (!fields) throw searchParameterError("Invalid option for `fields` parameter");
    const askedLimit = Number.parseInt(input["resources[limit]"], 10);
    const limit = Number.isNaN(askedLimit) ? 10 : Math.min(10, Math.max(1, askedLimit));
    const catalog = await platform.catalog.get();
    return c.json(
      predictiveSearch(catalog, input.q, {
        types,
        limit,
        limitScope,
        unavailable,
        fields: fields.filter((field): field is SearchField => field !== "author"),
      }),
    );
  });

  app.get("/products/:file{.+\\.(js|json)}", async (c) => {
    const file = c.req.param("file");
    const handle = file.replace(/\.(js|json)$/, "");
    const catalog = await platform.catalog.get();
    const product = catalog.productsByHandle.get(handle);
    if (!product || !product.published) throw notFound("Product not found");
    if (c.req.query("view") === "json") return c.json(productViewJson(product, catalog));
    return file.endsWith(".js") ? c.json(productJs(product)) : c.json({ product: productRestJson(product) });
  });

  app.get("/recommendations/products.json", async (c) => {
    const productId = c.req.query("product_id");
    const intent = c.req.query("intent") ?? "related";
    if (!productId) throw new ApiError(422, { status: 422, message: "Invalid parameter error", description: "A product_id value is missing" });
    if (intent !== "related" && intent !== "complementary") {
      throw new ApiError(422, {
        status: 422,
        message: "Invalid parameter error",
        description: "The intent parameter must be one of related, complementary",
      });
    }
    const limit = Math.min(10, Math.max(1, Number.parseInt(c.req.query("limit") ?? "10", 10) || 10));
    const catalog = await platform.catalog.get();
    const product = catalog.products.get(Number(productId));
    if (!product || !isBrowsable(product)) {
      throw new ApiError(404, {
        status: 404,
        message: "Product not found",
        description: `No product with id ${productId} is published in the online store`,
      });
    }
    return c.json({ intent, products: recommendProducts(product, catalog, intent, limit).map(productJs) });
  });

  return app;
}

/**
 * The `?view=json` alternate templates the theme reads: a product with its
 * metafields, a collection page (filters in the path, `sort_by`, `page`),
 * search results (`q`, `page`) and the cart's bundle components.
 */
export async function viewJson(c: Context, platform: Platform): Promise<Response | null> {
  if (c.req.method !== "GET" || c.req.query("view") !== "json") return null;
  const path = new URL(c.req.url).pathname.replace(/\/$/, "");
  const productMatch = /^\/products\/([^/.]+)$/.exec(path);
  if (productMatch) {
    const catalog = await platform.catalog.get();
    const product = catalog.productsByHandle.get(decodeURIComponent(productMatch[1] ?? ""));
    if (!product || !product.published) throw notFound("Product not found");
    return c.json(productViewJson(product, catalog));
  }
  const collectionAddress = parseCollectionPath(path);
  if (collectionAddress) {
    // What the theme's storefront client answers in-process, for the browser: filters, facets, sort, page.
    const url = new URL(c.req.url);
    const sort = readSort(url);
    const { productsPerPage, filterGroups } = platform.settings.collections;
    const page = collectionPage(
      await platform.catalog.get(),
      collectionAddress.collection,
      { filters: collectionAddress.filters, page: readPage(url), perPage: productsPerPage, ...(sort ? { sort } : {}) },
      filterGroups,
    );
    if (!page) throw notFound("Collection not found");
    return c.json(page);
  }
  if (path === "/search") {
    const url = new URL(c.req.url);
    return c.json(
      searchPage(await platform.catalog.get(), url.searchParams.get("q") ?? "", {
        page: readPage(url),
        perPage: platform.settings.collections.productsPerPage,
      }),
    );
  }
  if (path === "/cart") {
    const cart = await platform.carts.read(cartToken(c));
    const catalog = await platform.catalog.get();
    const items = cartJson(cart, catalog, platform.settings.currency, await platform.discounts.pricingFor(cart)).items;
    return c.json({
      item_components: items
        .filter((item) => item.has_components)
        .map((item) => ({ id: item.key, components: [] as { variant_id: number; quantity: number }[] })),
    });
  }
  return null;
}
