/**
 * The catalog calls: products and collections as JSON, a product's
 * `.js`/`.json`, recommendations, and the honest "people viewing this" counter.
 */
import type { Context } from "hono";
import { clientAddress } from "./account-cookies.ts";
import { Hono } from "hono";
import { isbot } from "isbot";
import { type FilterSelection, collectionOfProduct, collectionSelection, readSort, selectsAnything } from "../../core/catalog/collection-url.ts";
import type { Platform } from "../services.ts";
import { collectionJson, collectionRefs, productJs, productOembed, productListJson, productRestJson, productViewJson } from "../catalog/product-json.ts";
import { isBrowsable, recommendProducts } from "../catalog/recommendations.ts";
import { productsOnEverySite } from "../catalog/catalog.ts";
import { filterCollection } from "../catalog/filters.ts";
import { viewerId } from "./cookies.ts";
import { ApiError, notFound } from "./errors.ts";
import { paging } from "./requests.ts";
import { shopUrlOf } from "./origin.ts";
import { sitePath } from "../../core/sites/sites.ts";

export function catalogRoutes(platform: Platform): Hono {
  const app = new Hono();

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
    // Crawlers are not shoppers; they are answered but not counted. Nor is a new viewer past its address's share,
    // so a client dropping its cookie on every post cannot inflate the count.
    if (!isbot(c.req.header("user-agent") ?? "")) {
      const viewer = viewerId(c);
      if (!viewer.isNew || (await platform.newViewers.admit(clientAddress(c))).allowed) await platform.productViews.recordProductView(product.id, viewer.id);
    }
    c.header("cache-control", "no-store");
    return c.json(await viewerCount(c, product.id));
  });

  app.get("/products.json", async (c) => {
    const { limit, offset } = paging(c);
    const catalog = await platform.catalog.get();
    const published = [...productsOnEverySite(catalog)].filter((product) => product.published);
    return c.json({ products: published.slice(offset, offset + limit).map((product) => productListJson(catalog.products.get(product.id)!)) });
  });

  app.get("/collections.json", async (c) => {
    const { limit, offset } = paging(c);
    const catalog = await platform.catalog.get();
    const collections = [...catalog.collections.values()].filter((collection) => !collection.hidden);
    return c.json({ collections: collections.slice(offset, offset + limit).map((collection) => collectionJson(collection, catalog)) });
  });

  /**
   * A filtered collection list: the tag segment (/collections/face/skin-type-dry+concern-acne/products.json)
   * and Shopify's filter parameters (?filter.p.m.custom.free_from=fragrance, ?filter.p.m.custom.key_ingredients.not=retinol) select alike.
   */
  const filteredList = async (c: Context, selection: FilterSelection) => {
    const { limit, page } = paging(c);
    const catalog = await platform.catalog.get();
    const sort = readSort(new URL(c.req.url));
    const result = filterCollection(catalog, c.req.param("handle") ?? "", { ...selection, page, perPage: limit, ...(sort ? { sort } : {}), facets: false }, platform.settings.collections.filterGroups);
    if (!result) throw notFound("Collection not found");
    // Past the last page Shopify answers an empty list rather than the last page again.
    return c.json({ products: page > result.pageCount ? [] : result.products.map(productListJson) });
  };

  app.get("/collections/:handle/:filters/products.json", (c) => filteredList(c, collectionSelection(c.req.param("filters"), new URL(c.req.url))));

  app.get("/collections/:handle/products.json", async (c) => {
    const selection = collectionSelection(null, new URL(c.req.url));
    if (selectsAnything(selection)) return filteredList(c, selection);
    const { limit, offset } = paging(c);
    const catalog = await platform.catalog.get();
    const collection = catalog.collections.get(c.req.param("handle"));
    if (!collection) throw notFound("Collection not found");
    const products = collection.productIds
      .map((id) => catalog.products.get(id))
      .filter((product) => product !== undefined && product.published);
    return c.json({ products: products.slice(offset, offset + limit).map((product) => productListJson(product!)) });
  });

  /** `/products/{handle}.js` (the AJAX shape), `.json` (the REST shape) or `?view=json` (the theme's). */
  const productAnswer = async (c: Context, file: string, within: string | null) => {
    const handle = file.replace(/\.(js|json)$/, "");
    const catalog = await platform.catalog.get();
    const product = catalog.productsByHandle.get(handle);
    if (!product || !product.published) throw notFound("Product not found");
    // Through a collection (`/collections/{c}/products/{h}.js`), only a product of that collection.
    if (within !== null && !collectionOfProduct(collectionRefs(product, catalog), within)) throw notFound("Product not found");
    if (c.req.query("view") === "json") return c.json(productViewJson(product, catalog));
    return file.endsWith(".js") ? c.json(productJs(product)) : c.json({ product: productRestJson(product, platform.settings.currency) });
  };
  app.get("/products/:file{.+\\.(js|json)}", (c) => productAnswer(c, c.req.param("file"), null));
  app.get("/collections/:collection/products/:file{.+\\.(js|json)}", (c) => productAnswer(c, c.req.param("file"), c.req.param("collection")));

  app.get("/products/:file{.+\\.oembed}", async (c) => {
    const handle = c.req.param("file").replace(/\.oembed$/, "");
    const catalog = await platform.catalog.get();
    const product = catalog.productsByHandle.get(handle);
    if (!product || !product.published) throw notFound("Product not found");
    const shopUrl = shopUrlOf(c);
    const url = new URL(sitePath(platform.site, `/products/${product.handle}`), shopUrl).toString();
    return c.json(productOembed(product, { url, shopUrl, provider: platform.settings.shop.name, currency: platform.settings.currency }));
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
