/**
 * The cart routes Shopify themes and links use besides the AJAX API:
 *
 *   POST /cart                          a theme's cart form: `updates[]` or `updates[{key}]`, `note`; with
 *                                       `checkout` (the button's name) it goes on to the checkout, else back to the cart
 *   GET  /cart/{variant}:{qty},…        a cart permalink: the cart becomes those lines (`?discount=` applies a code)
 *                                       and the shopper goes to the checkout (`?storefront=true`: to the cart);
 *                                       `?note=` and `?attributes[{name}]=` set the cart's note and attributes
 *   GET  /cart/add?id=&quantity=        adds a variant from a plain link and shows the cart
 *
 * Each answers a redirect; a refusal goes to the cart page with its reason,
 * and a permalink that names something unknown changes nothing.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { Platform } from "../services.ts";
import { parseBracketed, readBody } from "./body.ts";
import { redirectWithCartError } from "./cart-routes.ts";
import { cartToken, setDiscountCookie } from "./cookies.ts";
import { asApiError, badRequest, cartRefusalError } from "./errors.ts";
import { addSingleBody, parseInput, updateBody } from "./inputs.ts";
import { postLimit } from "./requests.ts";

/** Lines one permalink may name. */
export const PERMALINK_MAX_LINES = 50;

const PERMALINK = /^[0-9]{1,20}:[0-9]{1,5}(?:,[0-9]{1,20}:[0-9]{1,5})*$/;

/** A permalink's lines, or null when the address is not one. */
export function parsePermalink(segment: string): { id: number; quantity: number }[] | null {
  if (!PERMALINK.test(segment)) return null;
  const lines = segment.split(",").map((pair) => {
    const [id = "", quantity = ""] = pair.split(":");
    return { id: Number(id), quantity: Number(quantity) };
  });
  if (lines.length > PERMALINK_MAX_LINES || lines.some((line) => !Number.isSafeInteger(line.id) || line.quantity < 1)) return null;
  return lines;
}

/** Runs a change for a plain link or form, sending a refusal to the cart page in words. */
async function orCartPage(c: Context, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (failure) {
    const error = asApiError(failure);
    if (!error) throw failure;
    return redirectWithCartError(c, error);
  }
}

export function storefrontRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.post("/cart", postLimit, (c) =>
    orCartPage(c, async () => {
      const body = await readBody(c);
      const input = parseInput(updateBody.pick({ updates: true, note: true, attributes: true }), body);
      const change = await platform.carts.update(
        cartToken(c),
        {
          ...(input.updates !== undefined ? { updates: input.updates } : {}),
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        }
      );
      if (change.error) return redirectWithCartError(c, cartRefusalError(change.error));
      return c.redirect("checkout" in body ? "/checkout" : "/cart", 303);
    }),
  );

  app.get("/cart/add", (c) =>
    orCartPage(c, async () => {
      const input = parseInput(addSingleBody.pick({ id: true, quantity: true }), { id: c.req.query("id"), ...(c.req.query("quantity") !== undefined ? { quantity: c.req.query("quantity") } : {}) });
      const change = await platform.carts.add(cartToken(c), [{ id: input.id, quantity: input.quantity || 1, properties: {} }]);
      if (change.error) return redirectWithCartError(c, cartRefusalError(change.error));
      return c.redirect("/cart", 302);
    }),
  );

  app.get("/cart/:lines{[0-9][0-9:,]*}", (c) =>
    orCartPage(c, async () => {
      const lines = parsePermalink(c.req.param("lines"));
      if (!lines) throw badRequest(`A cart link names up to ${PERMALINK_MAX_LINES} products as variant:quantity pairs`);
      // The note and attributes a link carries, checked as the cart form's are.
      const query = parseBracketed(new URL(c.req.url).searchParams);
      const extras = parseInput(updateBody.pick({ note: true, attributes: true }), { note: query.note, attributes: query.attributes });
      const token = cartToken(c);
      const cart = await platform.carts.read(token);
      // One change: every line now in the cart goes, the link's lines come, so a link naming something unknown leaves the cart as it was.
      const wanted = new Map<number, number>();
      for (const line of lines) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
      // A plain line of a variant the link names keeps its place with the link's quantity; every other line goes.
      const updates: Record<string, number> = {};
      const kept = new Set<number>();
      for (const line of cart.lines) {
        const quantity = wanted.get(line.variant_id);
        const plain = Object.keys(line.properties).length === 0;
        updates[line.key] = quantity !== undefined && plain && !kept.has(line.variant_id) ? quantity : 0;
        if (quantity !== undefined && plain) kept.add(line.variant_id);
      }
      for (const [id, quantity] of wanted) if (!kept.has(id)) updates[String(id)] = quantity;
      const code = c.req.query("discount")?.trim();
      const change = await platform.carts.update(token, {
        updates,
        ...(extras.note !== undefined ? { note: extras.note } : {}),
        ...(extras.attributes !== undefined ? { attributes: extras.attributes } : {}),
        ...(code ? { discount: code } : {}),
      });
      if (code) setDiscountCookie(c, code);
      if (change.error) return redirectWithCartError(c, cartRefusalError(change.error));
      return c.redirect(c.req.query("storefront") === "true" ? "/cart" : "/checkout", 302);
    }),
  );

  return app;
}
