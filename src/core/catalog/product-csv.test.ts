import { decimalAmount, parseMoney } from "../money/money.ts";
import { describe, expect, it } from "vitest";
import { checkVariantFields, parseTags, readProductForm } from "../admin/admin-catalog.ts";
import { guardFormula, parseCsv, unguardFormula, writeCsv } from "./csv.ts";
import { INGREDIENTS_COLUMN, PRODUCT_CSV_COLUMNS, THEME_METAFIELD_COLUMNS, productsToCsv, readProductCsv } from "./product-csv.ts";

describe("money as the forms take it", () => {
  it("reads pounds and pence into pence without rounding errors", () => {
    expect(parseMoney("12.50")).toBe(1250);
    expect(parseMoney("12.5")).toBe(1250);
    expect(parseMoney("12")).toBe(1200);
    expect(parseMoney(" £0.29 ")).toBe(29);
    expect(parseMoney("1,250.00")).toBe(125000);
    expect(parseMoney("19.99")).toBe(1999);
    for (const bad of ["", "12.505", "-1", "1e3", "12,5", "abc", "1,25.00", "12.", ".5"]) expect(parseMoney(bad), bad).toBeNull();
    expect(decimalAmount(1250)).toBe("12.50");
    expect(decimalAmount(5)).toBe("0.05");
  });

  it("checks a variant's price, compare-at price, SKU and weight, naming the field", () => {
    const keys = { price: "p", compareAtPrice: "c", sku: "s", grams: "g" };
    expect(checkVariantFields({ price: "10", compareAtPrice: "", sku: "A-1", grams: "" }, keys)).toEqual({ fields: { price: 1000, compareAtPrice: null, sku: "A-1", grams: 0 }, errors: {} });
    expect(checkVariantFields({ price: "", compareAtPrice: "9", sku: "", grams: "1.5" }, keys).errors).toEqual({
      p: "Enter the price, such as 12.50.",
      g: "Enter the weight as a whole number of grams, such as 250.",
    });
    expect(checkVariantFields({ price: "10", compareAtPrice: "10", sku: "x".repeat(101), grams: "2000000" }, keys).errors).toEqual({
      c: "The compare-at price is the price before a sale: make it more than the price, or leave it empty.",
      s: "Keep the SKU to 100 characters or fewer.",
      g: "Enter a weight of at most 1,000,000 grams.",
    });
    expect(checkVariantFields({ price: "1000000.01", compareAtPrice: "ten", sku: "", grams: "" }, keys).errors).toEqual({
      p: "Enter a price of at most 1000000.00.",
      c: "Enter the compare-at price in pounds and pence, such as 15.00, or leave it empty.",
    });
  });

  it("reads tags once each, in order", () => {
    expect(parseTags(" vegan, Bestseller ,, vegan , VEGAN,skin-type:dry")).toEqual(["vegan", "Bestseller", "skin-type:dry"]);
  });

  it("reads the product form with every field's error, or the edit", () => {
    const read = readProductForm({ title: " ", tags: "a", variant_7_price: "x", variant_8_price: "3.00", collection_12: "1", collection_13: "" }, "oil", [7, 8]);
    expect(read).toEqual({ errors: { title: "Enter the title.", variant_7_price: "Enter the price in pounds and pence, such as 12.50." }, upsellHandles: [] });
    // With other fields wrong, the add-ons' handles are still read, for the catalog to check; not when they are wrong themselves.
    expect(readProductForm({ title: "", upsell_items: "calm-balm\n/products/night-cream" }, "oil", [])).toMatchObject({ upsellHandles: ["calm-balm", "night-cream"] });
    expect(readProductForm({ title: "", upsell_items: "calm-balm\nOil" }, "oil", [])).toMatchObject({ upsellHandles: [], errors: { upsell_items: expect.any(String) } });
    const ok = readProductForm({ title: "Oil", published: "1", variant_7_price: "4", collection_12: "1", collection_13: "", version: "v" }, "oil", [7]);
    expect(ok).toMatchObject({ edit: { product: { title: "Oil", published: true, tags: [] }, collectionIds: [12], version: "v" } });
  });
});

describe("CSV text", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and says where each record starts", () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n\r\nplain,,end\nlast,"",z';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["x, y", 'say "hi"', "two\r\nlines"] },
      { line: 5, fields: ["plain", "", "end"] },
      { line: 6, fields: ["last", "", "z"] },
    ]);
  });

  it("refuses a quote left open or a stray quote, naming the line", () => {
    expect(() => parseCsv('a,b\n"open,x\n')).toThrow(/never closed/);
    expect(() => parseCsv('a,b\nx"y,z')).toThrowError(expect.objectContaining({ line: 2 }));
    expect(() => parseCsv('a\n"q"x')).toThrow(/after a closing quote/);
  });

  it("writes what it reads back unchanged", () => {
    const rows = [["h", "t"], ["a,b", 'q"q'], ["line\nbreak", " padded "], ["", "plain"], ["=1+1", "'=1+1"], ["''@x", "'plain"]];
    expect(parseCsv(writeCsv(rows)).map((record) => record.fields.map(unguardFormula))).toEqual(rows);
  });

  it("never writes a cell a spreadsheet would run as a formula, and reads back the text it guarded", () => {
    for (const text of ["=HYPERLINK(\"https://evil.example\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "'=already", "''+twice"]) {
      const [record] = parseCsv(writeCsv([[text]]));
      expect(record!.fields[0]).toBe(guardFormula(text));
      expect(record!.fields[0]).toMatch(/^'/);
      expect(unguardFormula(record!.fields[0]!)).toBe(text);
    }
    // Text that starts any other way, apostrophes included, is written and read as it is.
    for (const text of ["plain", "'quoted", "a=b", "12.50"]) expect(unguardFormula(guardFormula(text))).toBe(text);
  });
});

const header = PRODUCT_CSV_COLUMNS.join(",");
const row = (values: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) => PRODUCT_CSV_COLUMNS.map((column) => values[column] ?? "").map((v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(",");

describe("Shopify's product CSV", () => {
  it("reads a product with two variants and a picture row, the product's fields on its first row", () => {
    const text = [
      header,
      row({ Handle: "rose-oil", Title: "Rose Oil", "Body (HTML)": "<p>Rich, golden</p>", Vendor: "Lumen", Type: "Oil", Tags: "vegan, oil", Published: "TRUE", "Option1 Name": "Size", "Option1 Value": "15 ml", "Variant SKU": "RO-15", "Variant Grams": "40", "Variant Inventory Tracker": "shopify", "Variant Inventory Qty": "7", "Variant Inventory Policy": "deny", "Variant Price": "18.00", "Variant Compare At Price": "22.00", Status: "active" }),
      row({ Handle: "rose-oil", "Option1 Value": "30 ml", "Variant SKU": "RO-30", "Variant Price": "30", "Variant Inventory Policy": "continue" }),
      row({ Handle: "rose-oil", "Image Src": "https://cdn.example/rose-2.png", "Image Position": "2" }),
    ].join("\n");
    const read = readProductCsv(text);
    expect(read).toMatchObject({
      products: [
        {
          handle: "rose-oil",
          line: 2,
          product: { title: "Rose Oil", bodyHtml: "<p>Rich, golden</p>", tags: ["vegan", "oil"], published: true, options: ["Size"] },
          variants: [
            { line: 2, optionValues: ["15 ml"], sku: "RO-15", price: 1800, compareAtPrice: 2200, grams: 40, inventoryManagement: "shopify", inventoryQuantity: 7, inventoryGiven: true },
            { line: 3, optionValues: ["30 ml"], price: 3000, inventoryPolicy: "continue", inventoryManagement: null, inventoryGiven: false },
          ],
        },
      ],
    });
  });

  it("names every wrong field by line and column", () => {
    const text = [
      header,
      row({ Handle: "Bad Handle", Title: "x", "Variant Price": "1" }),
      row({ Handle: "ok", Title: "Ok", Published: "maybe", "Variant Price": "1.999" }),
      row({ Handle: "ok", "Option1 Value": "Big", "Variant Price": "2", "Variant Grams": "heavy", "Variant Inventory Policy": "sometimes" }),
      row({ Handle: "empty", Title: "No variants" }),
    ].join("\r\n");
    expect(readProductCsv(text)).toEqual({
      problems: [
        { line: 2, column: "Handle", message: "A handle is lower-case letters, digits and single hyphens, such as rose-face-oil." },
        { line: 3, column: "Published", message: "Enter TRUE or FALSE." },
        { line: 3, column: "Variant Price", message: "Enter the price in pounds and pence, such as 12.50." },
        { line: 4, column: "Variant Grams", message: "Enter the weight as a whole number of grams, such as 250." },
        { line: 4, column: "Variant Inventory Policy", message: "Enter deny (stop selling at 0) or continue (keep selling)." },
        { line: 4, column: "Option1 Value", message: "The product has no options (its Option1 Name is empty or Title): leave the Option values empty, or Default Title." },
        { line: 5, column: "Variant Price", message: "The product empty has no variant: give its first row a Variant Price." },
      ],
    });
    expect(readProductCsv("Handle,Title\nx,y")).toEqual({ problems: [{ line: 1, column: "Variant Price", message: "The header has no “Variant Price” column: this is not a Shopify product CSV." }] });
    expect(readProductCsv("")).toMatchObject({ problems: [{ line: 1 }] });
  });

  it("writes products as it reads them", () => {
    const product = {
      handle: "calm-balm",
      title: "Calm, Balm",
      bodyHtml: '<p>Say "ahh"\nand relax</p>',
      vendor: "Lumen",
      productType: "Balm",
      tags: ["vegan", "balm"],
      published: false,
      ingredients: "Butyrospermum Parkii Butter, Tocopherol",
      themeMetafields: { badges: ["Vegan", "New, improved"], amountMl: 7.5, helpsWith: ["Dry lips", "Chapped, cracked skin"], upsellHandles: ["rose-oil", "lip-scrub"] },
      options: [],
      images: [{ src: "/images/products/calm-balm-1.png", alt: "Calm Balm" }],
      variants: [{ optionValues: [], sku: "CB-1", price: 1450, compareAtPrice: null, grams: 90, inventoryManagement: "shopify" as const, inventoryPolicy: "deny" as const, inventoryQuantity: 3, requiresShipping: true, taxable: true, barcode: "" }],
    };
    const csv = productsToCsv([product]);
    const read = readProductCsv(csv);
    expect(read).toMatchObject({ products: [{ handle: "calm-balm", product: { title: "Calm, Balm", bodyHtml: product.bodyHtml, ingredients: product.ingredients, published: false, options: [] }, variants: [{ optionValues: [], price: 1450, grams: 90, inventoryQuantity: 3 }] }] });
    expect("products" in read && read.products[0]?.product?.themeMetafields).toEqual(product.themeMetafields);
    // Lists as Shopify writes them, a semicolon and a space between entries; the size as the JSON of its metafield.
    const [, first] = parseCsv(csv);
    const cell = (column: string) => first!.fields[PRODUCT_CSV_COLUMNS.indexOf(column as (typeof PRODUCT_CSV_COLUMNS)[number])];
    expect(cell(THEME_METAFIELD_COLUMNS.badges)).toBe("Vegan; New, improved");
    expect(cell(THEME_METAFIELD_COLUMNS.amountMl)).toBe('{"amount_ml":7.5}');
    expect(cell(THEME_METAFIELD_COLUMNS.helpsWith)).toBe("Dry lips; Chapped, cracked skin");
    expect(cell(THEME_METAFIELD_COLUMNS.upsellHandles)).toBe("rose-oil; lip-scrub");
    // Text a spreadsheet would run as a formula is written with an apostrophe and read back as it was.
    const risky = { ...product, title: '=HYPERLINK("https://evil.example","Calm")', vendor: "@Lumen", productType: "'=Balm", ingredients: "-Aqua, +Glycerin", tags: ["=1+1", "vegan"] };
    const riskyCsv = productsToCsv([risky]);
    const [, riskyRow] = parseCsv(riskyCsv);
    for (const column of ["Title", "Vendor", "Type", INGREDIENTS_COLUMN, "Tags"]) expect(riskyRow!.fields[PRODUCT_CSV_COLUMNS.indexOf(column as (typeof PRODUCT_CSV_COLUMNS)[number])]).toMatch(/^'/);
    expect(readProductCsv(riskyCsv)).toMatchObject({ products: [{ product: { title: risky.title, vendor: risky.vendor, productType: risky.productType, ingredients: risky.ingredients, tags: risky.tags } }] });
    // Empty fields are empty cells, and read back as empty.
    const plain = productsToCsv([{ ...product, themeMetafields: { badges: [], amountMl: null, helpsWith: [], upsellHandles: [] } }]);
    expect(readProductCsv(plain)).toMatchObject({ products: [{ product: { themeMetafields: { badges: [], amountMl: null, helpsWith: [], upsellHandles: [] } } }] });
  });

  it("puts the theme's metafield columns beside the ingredients, named as Shopify names metafield columns", () => {
    const at = PRODUCT_CSV_COLUMNS.indexOf(INGREDIENTS_COLUMN);
    expect(PRODUCT_CSV_COLUMNS.slice(at, at + 5)).toEqual([
      "Ingredients (product.metafields.custom.ingredients)",
      "Badges (product.metafields.custom.product_cart_badges)",
      "Size in millilitres (product.metafields.custom.price_per_ml)",
      "Helps with (product.metafields.custom.helps_with)",
      "Add-ons (product.metafields.custom.checkout_upsell_items)",
    ]);
  });

  it("reads the theme's metafields by the product form's rules: lists by semicolon or line, the size as JSON or plainly, addresses as handles", () => {
    const text = [
      header,
      row({
        Handle: "rose-oil",
        Title: "Rose Oil",
        "Variant Price": "18",
        [THEME_METAFIELD_COLUMNS.badges]: "Vegan;  New ;",
        [THEME_METAFIELD_COLUMNS.amountMl]: '{"amount_ml": "30"}',
        [THEME_METAFIELD_COLUMNS.helpsWith]: "Dryness\nDull skin; Fine lines",
        [THEME_METAFIELD_COLUMNS.upsellHandles]: "https://shop.example/products/calm-balm; /products/lip-scrub",
      }),
      row({ Handle: "lip-scrub", Title: "Lip Scrub", "Variant Price": "6", [THEME_METAFIELD_COLUMNS.amountMl]: "15 ml" }),
    ].join("\n");
    expect(readProductCsv(text)).toMatchObject({
      products: [
        { handle: "rose-oil", product: { themeMetafields: { badges: ["Vegan", "New"], amountMl: 30, helpsWith: ["Dryness", "Dull skin", "Fine lines"], upsellHandles: ["calm-balm", "lip-scrub"] } } },
        { handle: "lip-scrub", product: { themeMetafields: { badges: [], amountMl: 15, helpsWith: [], upsellHandles: [] } } },
      ],
    });
  });

  it("leaves a metafield alone when the file has no column for it", () => {
    const read = readProductCsv(["Handle,Title,Variant Price,Badges (product.metafields.custom.product_cart_badges)", "rose-oil,Rose Oil,18,Vegan"].join("\n"));
    expect("products" in read && read.products[0]?.product?.themeMetafields).toEqual({ badges: ["Vegan"] });
  });

  it("names a wrong metafield by its column and line", () => {
    const text = [
      header,
      row({ Handle: "rose-oil", Title: "Rose Oil", "Variant Price": "18", [THEME_METAFIELD_COLUMNS.badges]: "A; B; C; D; E", [THEME_METAFIELD_COLUMNS.upsellHandles]: "rose-oil" }),
      row({ Handle: "calm-balm", Title: "Calm Balm", "Variant Price": "9", [THEME_METAFIELD_COLUMNS.amountMl]: '{"amount_ml": true}', [THEME_METAFIELD_COLUMNS.helpsWith]: "x".repeat(81) }),
      row({ Handle: "lip-scrub", Title: "Lip Scrub", "Variant Price": "6", [THEME_METAFIELD_COLUMNS.amountMl]: "{ broken", [THEME_METAFIELD_COLUMNS.upsellHandles]: "Calm Balm" }),
      row({ Handle: "eye-gel", Title: "Eye Gel", "Variant Price": "6", [THEME_METAFIELD_COLUMNS.amountMl]: "20000" }),
    ].join("\n");
    const json = 'Enter the size as Shopify writes it, such as {"amount_ml":50}, or in millilitres, such as 50.';
    expect(readProductCsv(text)).toEqual({
      problems: [
        { line: 2, column: THEME_METAFIELD_COLUMNS.badges, message: "Use at most 4 badges." },
        { line: 2, column: THEME_METAFIELD_COLUMNS.upsellHandles, message: "A product cannot be its own add-on: remove its handle." },
        { line: 3, column: THEME_METAFIELD_COLUMNS.amountMl, message: json },
        { line: 3, column: THEME_METAFIELD_COLUMNS.helpsWith, message: "Keep each point to 80 characters or fewer." },
        { line: 4, column: THEME_METAFIELD_COLUMNS.amountMl, message: json },
        { line: 4, column: THEME_METAFIELD_COLUMNS.upsellHandles, message: expect.stringContaining("“Calm Balm” is not a product handle") },
        { line: 5, column: THEME_METAFIELD_COLUMNS.amountMl, message: "Enter a size of at most 10,000 ml." },
      ],
    });
  });
});
