/**
 * The cart calls of the storefront AJAX API: read, add, change, update,
 * clear, and the discount link. Each change answers Shopify's shape; a call
 * with `?view=drawer` answers the whole cart view instead (the cart, its
 * lines' display, gifts, thresholds, upsells), so the theme draws the side
 * cart from the change's own answer.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { CartViewJson } from "../../core/cart/cart-view-json.ts";
import type { GiftDecision } from "../../core/cart/free-gifts.ts";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import type { Platform } from "../services.ts";
import type { StoredCart } from "../cart/cart-model.ts";
import type { Catalog } from "../catalog/catalog.ts";
import { cartJson, lineItemJson } from "../cart/cart-json.ts";
import { CartJsonCache } from "../cart/cart-json-cache.ts";
import type { CartChange } from "../cart/cart-service.ts";
import { cartViewJson } from "../cart/cart-view.ts";
import type { LinePricing } from "../cart/pricing.ts";
import { readBody } from "./body.ts";
import { cartToken, setDiscountCookie } from "./cookies.ts";
import { type ApiError, asApiError, badRequest, cartRefusalError } from "./errors.ts";
import { addAttributesBody, addItemsBody, addSingleBody, changeBody, parseInput, parseLine, updateBody } from "./inputs.ts";
import { postLimit, safeLocalPath, wantsJson } from "./requests.ts";
import { MAX_SECTIONS, readSectionIds, renderSections, sectionRendererOf, sectionsPage } from "./sections.ts";

/** The query that asks a cart call for the whole cart view. */
export const CART_VIEW_QUERY = "drawer";
/** Printable, no spaces or commas (a comma separates codes in `/cart/update.js`), at most 100 characters. */
const DISCOUNT_CODE_PATTERN = /^[^\s,\p{Cc}]{1,100}$/u;

/** A classic form post that failed goes back to the cart page, which shows the reason. */
export function redirectWithCartError(c: Context, error: ApiError): Response {
  return c.redirect(`/cart?cart_error=${encodeURIComponent(String(error.body.description ?? error.message))}`, 303);
}

const wantsView = (c: Context) => c.req.query("view") === CART_VIEW_QUERY;

/**
 * Where a page route would take a form post's shopper next: its `return_to`
 * on this shop, else the cart page.
 */
const formTarget = (body: Record<string, unknown>) => safeLocalPath(body.return_to, "/cart");

/**
 * Draws the cart for the theme: the view of a cart as a change left it (no
 * second read, no second pricing), or of the shopper's cart as stored.
 */
export async function cartView(platform: Platform, token: string, from?: { cart: StoredCart; lines?: LinePricing; decision?: GiftDecision; added?: LineItemJson[] }): Promise<CartViewJson> {
  const [catalog, cart] = await Promise.all([platform.catalog.get(), from ? from.cart : platform.carts.read(token)]);
  return cartViewJson({
    cart,
    catalog,
    settings: platform.settings,
    locale: platform.locale,
    pricing: await platform.discounts.pricingFor(cart),
    siteCountries: platform.site.countries,
    siteTax: platform.siteTax,
    ...(from?.lines ? { lines: from.lines } : {}),
    ...(from?.decision ? { decision: from.decision } : {}),
    ...(from?.added ? { added: from.added } : {}),
  });
}

export function cartRoutes(platform: Platform): Hono {
  const app = new Hono();

  // A change refused outright (rolled back) answers, for a view call, the error and the view of the cart as it is.
  app.onError(async (failure, c) => {
    const error = asApiError(failure);
    if (!error || !wantsView(c) || !wantsJson(c)) throw failure;
    return c.json({ ...error.body, view: await cartView(platform, cartToken(c)) }, error.httpStatus as 422);
  });

  const cartOf = async (cart: StoredCart, lines?: LinePricing, catalog?: Catalog) => cartJson(cart, catalog ?? (await platform.catalog.get()), { currency: platform.settings.currency, tax: platform.siteTax }, await platform.discounts.pricingFor(cart), lines);

  /**
   * The sections a cart call asks to have rendered with its answer, and the
   * page they are rendered for; read before the change, so a refused
   * `sections_url` changes nothing.
   */
  const sectionsAsked = (c: Context, body: Record<string, unknown>) => {
    const ids = readSectionIds(body.sections);
    if (!ids.length || !sectionRendererOf(c)) return null;
    if (ids.length > MAX_SECTIONS) throw badRequest(`At most ${MAX_SECTIONS} sections can be rendered at once`);
    return { ids, page: sectionsPage(c, body.sections_url) };
  };

  /**
   * Answers a change: a redirect for a classic form post, else the refusal
   * the change reported (with the view when asked, so nothing needs reading
   * again), else what `answer` builds or the view, with the sections asked
   * for rendered as the cart now stands.
   */
  const answerChange = async (
    c: Context,
    change: CartChange,
    body: Record<string, unknown>,
    answer: () => Promise<unknown>,
    added?: () => LineItemJson[],
    sections?: ReturnType<typeof sectionsAsked>,
  ) => {
    if (!wantsJson(c)) {
      if (change.error) return redirectWithCartError(c, cartRefusalError(change.error));
      return c.redirect(formTarget(body), 302);
    }
    const view = wantsView(c) ? await cartView(platform, change.cart.token, { cart: change.cart, lines: change.settled.pricing, decision: change.settled.decision, ...(added ? { added: added() } : {}) }) : null;
    if (change.error) {
      const error = cartRefusalError(change.error);
      return c.json(view ? { ...error.body, view } : error.body, error.httpStatus as 422);
    }
    const answered = view ?? (await answer());
    const renderer = sectionRendererOf(c);
    if (!sections || !renderer) return c.json(answered);
    return c.json({ ...(answered as object), sections: await renderSections(renderer, c, sections.ids, sections.page, change.cart.token) });
  };

  const readAnswers = new CartJsonCache();
  for (const path of ["/cart.js", "/cart.json"]) {
    app.get(path, async (c) => {
      const token = cartToken(c);
      if (wantsView(c)) return c.json(await cartView(platform, token));
      const [{ version, cart }, catalog] = await Promise.all([platform.carts.readVersioned(token), platform.catalog.get()]);
      if (version === null || cart.discount_codes.length > 0) return c.json(await cartOf(cart));
      const body = readAnswers.get(token, version, catalog) ?? readAnswers.keep(token, version, catalog, JSON.stringify(await cartOf(cart, undefined, catalog)));
      return c.body(body, 200, { "content-type": "application/json" });
    });
  }

  for (const path of ["/cart/add", "/cart/add.js", "/cart/add.json"]) {
    app.post(path, postLimit, async (c) => {
      const token = cartToken(c);
      const body = await readBody(c);
      const sections = sectionsAsked(c, body);
      const many = "items" in body;
      const items = (many ? parseInput(addItemsBody, body).items : [parseInput(addSingleBody, body)]).map(({ selling_plan, ...item }) =>
        selling_plan === undefined || selling_plan === null ? item : { ...item, sellingPlan: selling_plan },
      );
      // Cart attributes may ride along with an add (the time of the add), saving an update call.
      const { attributes } = parseInput(addAttributesBody, body);
      const change = await platform.carts.add(token, items, attributes);
      const catalog = await platform.catalog.get();
      const addedLines = () =>
        change.touchedKeys
          .map((key) => change.cart.lines.find((line) => line.key === key))
          .filter((line) => line !== undefined)
          .map((line) => lineItemJson(line, catalog, change.settled.pricing.allocations.get(line.key)))
          .filter((line): line is LineItemJson => line !== null);
      return answerChange(
        c,
        change,
        body,
        async () => {
          const lines = addedLines();
          return many ? { items: lines } : (lines[0] ?? {});
        },
        addedLines,
        sections,
      );
    });
  }

  for (const path of ["/cart/change", "/cart/change.js", "/cart/change.json"]) {
    app.post(path, postLimit, async (c) => {
      const token = cartToken(c);
      const body = await readBody(c);
      const input = parseInput(changeBody, body);
      const sections = sectionsAsked(c, body);
      const line = parseLine(input.line);
      const change = await platform.carts.change(
        token,
        {
          ...(line !== undefined ? { line } : {}),
          ...(input.id !== undefined ? { id: String(input.id) } : {}),
          ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
          ...(input.properties !== undefined ? { properties: input.properties } : {}),
          ...(input.selling_plan !== undefined ? { sellingPlan: input.selling_plan } : {}),
        }
      );
      return answerChange(c, change, body, () => cartOf(change.cart, change.settled.pricing), undefined, sections);
    });
  }

  for (const path of ["/cart/update", "/cart/update.js", "/cart/update.json"]) {
    app.post(path, postLimit, async (c) => {
      const token = cartToken(c);
      const body = await readBody(c);
      const input = parseInput(updateBody, body);
      const sections = sectionsAsked(c, body);
      const change = await platform.carts.update(
        token,
        {
          ...(input.updates !== undefined ? { updates: input.updates } : {}),
          ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(input.discount !== undefined ? { discount: input.discount } : {}),
        }
      );
      return answerChange(c, change, body, () => cartOf(change.cart, change.settled.pricing), undefined, sections);
    });
  }

  for (const path of ["/cart/clear", "/cart/clear.js", "/cart/clear.json"]) {
    app.post(path, postLimit, async (c) => {
      // A clear needs no body: one that cannot be read asks for no sections.
      const body = await readBody(c).catch(() => ({}));
      const sections = sectionsAsked(c, body);
      const change = await platform.carts.clear(cartToken(c));
      return answerChange(c, change, {}, () => cartOf(change.cart, change.settled.pricing), undefined, sections);
    });
  }

  // A discount link: the code goes on the shopper's cart (and in a cookie themes read), then on to a page of this shop.
  app.get("/discount/:code", async (c) => {
    const code = c.req.param("code").trim();
    if (DISCOUNT_CODE_PATTERN.test(code)) {
      await platform.carts.applyDiscountCode(cartToken(c), code);
      setDiscountCookie(c, code);
    }
    return c.redirect(discountLinkTarget(new URL(c.req.url)), 302);
  });

  return app;
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
