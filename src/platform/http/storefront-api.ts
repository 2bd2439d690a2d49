import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie, setCookie } from "hono/cookie";
import type { Platform } from "../platform.ts";
import { isCartToken, newCartToken } from "../cart/cart-model.ts";
import { cartJson, lineItemJson } from "../cart/cart-json.ts";
import type { CartChange } from "../cart/cart-service.ts";
import { collectionJson, productJs, productListJson, productRestJson, productViewJson } from "../catalog/product-json.ts";
import { isBrowsable, recommendProducts } from "../catalog/recommendations.ts";
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

/** A redirect target from a form's `return_to`, kept on this site. */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
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
    return cartJson(cart, catalog, platform.settings.currency);
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
        const lines = change.touchedKeys
          .map((key) => change.cart.lines.find((line) => line.key === key))
          .filter((line) => line !== undefined)
          .map((line) => lineItemJson(line, catalog));
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
 * metafields, and the cart's bundle components.
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
  if (path === "/cart") {
    const cart = await platform.carts.read(cartToken(c));
    const catalog = await platform.catalog.get();
    const items = cartJson(cart, catalog, platform.settings.currency).items;
    return c.json({
      item_components: items
        .filter((item) => item.has_components)
        .map((item) => ({ id: item.key, components: [] as { variant_id: number; quantity: number }[] })),
    });
  }
  return null;
}
