/** Predictive search (`/search/suggest.json`) with Shopify's parameters and its parameter errors; pages and articles in the site's language. */
import { Hono } from "hono";
import { z } from "zod";
import type { Platform } from "../services.ts";
import { SUGGEST_DEFAULT_FIELDS, SUGGEST_TYPES, type SuggestType, predictiveSearch } from "../catalog/predictive-search.ts";
import { SEARCH_FIELDS, type SearchField } from "../catalog/search.ts";
import { searchableContent } from "../content/content-search.ts";
import { ApiError } from "./errors.ts";

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

/** The fields a predictive search looks in; `author` finds articles by their author (products have none). */
const SUGGEST_FIELDS = [...(Object.keys(SEARCH_FIELDS) as SearchField[]), "author"] as const;

export function searchRoutes(platform: Platform): Hono {
  const app = new Hono();

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
    const fields = fieldsParameter === undefined ? [...SUGGEST_DEFAULT_FIELDS] : commaList(fieldsParameter, SUGGEST_FIELDS);
    if (!fields) throw searchParameterError("Invalid option for `fields` parameter");
    const askedLimit = Number.parseInt(input["resources[limit]"], 10);
    const limit = Number.isNaN(askedLimit) ? 10 : Math.min(10, Math.max(1, askedLimit));
    const catalog = await platform.catalog.get();
    // Pages and articles are read only when asked for and something was typed.
    const content = (types.includes("page") || types.includes("article")) && input.q.trim() ? await searchableContent(platform, catalog) : undefined;
    return c.json(
      predictiveSearch(
        catalog,
        input.q,
        {
          types,
          limit,
          limitScope,
          unavailable,
          fields: fields.filter((field): field is SearchField => field !== "author"),
          author: fields.includes("author"),
        },
        { content, sitePath: platform.site.path, shopName: platform.settings.shop.name },
      ),
    );
  });

  return app;
}
