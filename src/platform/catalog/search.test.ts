import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureCatalog, fixtureProduct } from "./catalog-fixture.ts";
import { isBrowsable } from "./recommendations.ts";
import { foldText, queryWords, rankProducts, searchProducts, searchWords, suggestQueries } from "./search.ts";

describe("folding and words", () => {
  it("drops case and accents, and splits at anything not a letter or digit", () => {
    expect(foldText("Sérum ÉCLAT Crème")).toBe("serum eclat creme");
    expect(foldText("Straße Ørsted Æble")).toBe("strasse orsted aeble");
    expect(searchWords("Vitamin-C Sérum, 30ml (SPF50+)")).toEqual(["vitamin", "c", "serum", "30ml", "spf50"]);
    expect(searchWords("skin-type:dry")).toEqual(["skin", "type", "dry"]);
    expect(searchWords("  ")).toEqual([]);
  });

  it("drops filler words from queries unless nothing else is left, and de-duplicates", () => {
    expect(queryWords("serum for the dry skin")).toEqual(["serum", "dry", "skin"]);
    expect(queryWords("for the")).toEqual(["for", "the"]);
    expect(queryWords("Serum serum SÉRUM")).toEqual(["serum"]);
    expect(queryWords("a b c d e f g h i j k l m")).toHaveLength(10);
  });
});

describe("rankProducts", () => {
  const catalog = fixtureCatalog(
    [
      fixtureProduct({ id: 1, title: "Vitamin C Serum", tags: ["ingredient:vitamin-c"], reviews: 10 }),
      fixtureProduct({ id: 2, title: "Serum Vitamin C Booster", tags: ["ingredient:vitamin-c", "bestseller"], reviews: 1 }),
      fixtureProduct({ id: 3, title: "Brightening Drops", productType: "Serum", tags: ["ingredient:vitamin-c"], reviews: 500 }),
      fixtureProduct({ id: 4, title: "Glow Oil", productType: "Facial Oil", vendor: "Serumworks", reviews: 3 }),
      fixtureProduct({ id: 5, title: "Night Cream", productType: "Moisturiser", tags: ["serum-friendly"], reviews: 900 }),
      fixtureProduct({ id: 6, title: "Sérum Éclat", productType: "Serum", stock: 0, reviews: 2000 }),
      fixtureProduct({ id: 7, title: "Serum Sample", productType: "Sample" }),
      fixtureProduct({ id: 8, title: "Secret Serum", published: false }),
      fixtureProduct({ id: 9, title: "Gift Serum", productType: "GWP", tags: ["gwp-hidden"] }),
      fixtureProduct({ id: 10, title: "Sized Serum", variantTitles: ["15 ml", "30 ml"], prices: [1500, 2500] }),
    ],
    [],
  );
  const ids = (query: string, options = {}) => [...rankProducts(catalog, query, options).ordinals].map((ordinal) => ordinal + 1);

  it("ranks exact title, then title words, then type or vendor, then tags; sold-out last", () => {
    // Ordinals follow ids here (1…10 → 0…9).
    expect(ids("vitamin c serum")).toEqual([1, 2, 3]);
    expect(ids("serum")).toEqual([2, 1, 10, 3, 4, 5, 6]);
  });

  it("breaks ties by bestseller, then reviews, then title", () => {
    expect(ids("serum").slice(0, 3)).toEqual([2, 1, 10]);
  });

  it("matches word starts, without case or accents", () => {
    expect(ids("ÉCL")).toEqual([6]);
    expect(ids("eclat serum")).toEqual([6]);
    expect(ids("clat")).toEqual([]);
    expect(ids("seru vita")).toEqual([2, 1, 3]);
  });

  it("never returns unpublished products, samples or hidden gifts", () => {
    expect(ids("secret")).toEqual([]);
    expect(ids("sample")).toEqual([]);
    expect(ids("gift")).toEqual([]);
  });

  it("looks only in the fields asked for", () => {
    expect(ids("serum", { fields: ["title"] })).toEqual([2, 1, 10, 6]);
    expect(ids("30", {})).toEqual([]);
    expect(ids("30", { fields: ["variants.title"] })).toEqual([10]);
    expect(ids("sku 10", { fields: ["variants.sku"] })).toEqual([10]);
  });

  it("shows, hides or sinks sold-out products", () => {
    expect(ids("eclat", { unavailable: "hide" })).toEqual([]);
    expect(ids("serum", { unavailable: "show" }).indexOf(6)).toBe(1);
    expect(ids("serum").at(-1)).toBe(6);
  });

  it("finds exactly the browsable products holding every query word as a word start", () => {
    expectSameAsScanning(catalog, ["vit", "ser", "c", "glow", "oil", "night", "dro", "eclat", "booster", "x"]);
  });

  it("finds the same when a rare word narrows the candidates first and common ones are checked per product", () => {
    const many = fixtureCatalog(
      Array.from({ length: 400 }, (_, i) =>
        fixtureProduct({
          id: i + 1,
          title: `${["Velvet", "Cloud", "Calm", "Clear"][i % 4]} ${i % 97 === 0 ? "Zinc" : "Cream"} ${["Serum", "Cleanser", "Oil"][i % 3]}`,
          tags: [`concern:${["acne", "calm", "clarity"][i % 3]}`, ...(i % 5 ? [] : ["ceramides"])],
          vendor: i % 2 ? "Coast" : "Meadow",
        }),
      ),
      [],
    );
    expectSameAsScanning(many, ["zinc", "c", "cl", "ca", "ser", "oil", "cream", "coast", "m"]);
  });
});

/** Every query of up to three of `words` finds exactly what checking every product's words finds. */
function expectSameAsScanning(catalog: ReturnType<typeof fixtureCatalog>, words: string[]) {
  const browsable = [...catalog.products.values()].filter(isBrowsable);
  fc.assert(
    fc.property(fc.subarray(words, { minLength: 1, maxLength: 3 }), (query) => {
      const expected = browsable
        .filter((product) => {
          const own = [product.title, product.productType, product.vendor, ...product.tags].flatMap(searchWords);
          return query.every((word) => own.some((candidate) => candidate.startsWith(word)));
        })
        .map((product) => product.id)
        .sort((a, b) => a - b);
      const found = [...rankProducts(catalog, query.join(" ")).ordinals].map((ordinal) => ordinal + 1).sort((a, b) => a - b);
      expect(found).toEqual(expected);
    }),
  );
}

describe("searchProducts", () => {
  const catalog = fixtureCatalog(
    Array.from({ length: 30 }, (_, i) => fixtureProduct({ id: i + 1, title: `Serum ${String(i + 1).padStart(2, "0")}` })),
    [],
  );

  it("ranks the best few the same as ranking everything, and still counts every match", () => {
    const varied = fixtureCatalog(
      Array.from({ length: 60 }, (_, i) =>
        fixtureProduct({
          id: i + 1,
          title: ["Serum", "Glow Serum", "Cream", "Serum Oil"][i % 4]!,
          productType: i % 3 ? "Serum" : "Cream",
          tags: i % 5 ? [] : ["bestseller"],
          reviews: (i * 37) % 11,
          stock: i % 7 ? 10 : 0,
        }),
      ),
      [],
    );
    fc.assert(
      fc.property(fc.constantFrom("serum", "s", "glow", "cream", "oil serum"), fc.integer({ min: 0, max: 70 }), fc.constantFrom("show", "hide", "last" as const), (query, limit, unavailable) => {
        const full = rankProducts(varied, query, { unavailable });
        const best = rankProducts(varied, query, { unavailable, limit });
        expect(best.total).toBe(full.total);
        expect([...best.ordinals]).toEqual([...full.ordinals].slice(0, limit));
      }),
    );
  });

  it("pages the ranked products", () => {
    const first = searchProducts(catalog, "  serum  ", { perPage: 12 });
    expect(first).toMatchObject({ query: "serum", total: 30, page: 1, pageCount: 3, perPage: 12 });
    expect(first.products.map((product) => product.title).slice(0, 2)).toEqual(["Serum 01", "Serum 02"]);
    const last = searchProducts(catalog, "serum", { perPage: 12, page: 3 });
    expect(last.products).toHaveLength(6);
    expect(searchProducts(catalog, "serum", { perPage: 12, page: 40 }).page).toBe(3);
    expect(searchProducts(catalog, "", {})).toMatchObject({ total: 0, products: [], pageCount: 1 });
  });
});

describe("suggestQueries", () => {
  const catalog = fixtureCatalog(
    [
      fixtureProduct({ id: 1, title: "Vitamin C Serum" }),
      fixtureProduct({ id: 2, title: "Vitamin Sérum Booster" }),
      fixtureProduct({ id: 3, title: "Sized Serum" }),
      fixtureProduct({ id: 4, title: "Service Kit" }),
      fixtureProduct({ id: 5, title: "Straße Balm" }),
    ],
    [],
  );
  const suggest = (query: string, limit = 5) => suggestQueries(catalog, query, rankProducts(catalog, query).ordinals, limit);

  it("completes the last word from the best matches' titles, most frequent first, spelt as most titles spell it", () => {
    expect(suggest("Sé")).toEqual([
      { text: "serum", typed: "se", rest: "rum" },
      { text: "service", typed: "se", rest: "rvice" },
    ]);
    expect(suggest("vitamin sé", 1)).toEqual([{ text: "vitamin serum", typed: "vitamin se", rest: "rum" }]);
    expect(suggest("boost")).toEqual([{ text: "booster", typed: "boost", rest: "er" }]);
  });

  it("maps folded letters back onto the title's spelling", () => {
    expect(suggest("strass")).toEqual([{ text: "straße", typed: "straß", rest: "e" }]);
  });

  it("suggests nothing without a word", () => {
    expect(suggest("")).toEqual([]);
    expect(suggest("!!")).toEqual([]);
    expect(suggest("serum", 0)).toEqual([]);
  });
});
