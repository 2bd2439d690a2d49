/**
 * Shopify's product CSV: reading and writing CSV text (RFC 4180: quoted
 * fields, doubled quotes, commas and line breaks inside quotes, CRLF or LF),
 * the columns Shopify's export and import use, and turning the rows into
 * products, one row per variant with the product's fields on its first row.
 */
import { decimalAmount } from "../money/money.ts";
import { type CsvRecord, CsvSyntaxError, parseCsv, unguardFormula, writeCsv } from "./csv.ts";
import { checkProductFields, checkVariantFields, fieldText, type ProductFields, type VariantFields } from "../admin/admin-catalog.ts";
import { LIST_SEPARATOR, type ThemeMetafields, readThemeMetafields } from "./product-metafields.ts";
import { hasControlCharacter } from "../common/text.ts";

/** The largest file the import takes: the size of any form post the shop accepts. */
export const CSV_MAX_BYTES = 256 * 1024;
/** The most rows (variants and picture rows) one import takes. */
export const CSV_MAX_ROWS = 5_000;

/** Where the ingredients (INCI list) go: Shopify names a metafield's column by its namespace and key. */
export const INGREDIENTS_COLUMN = "Ingredients (product.metafields.custom.ingredients)";

/**
 * The metafields the theme reads, each in a column named as Shopify names a
 * metafield's: a label, then `product.metafields.<namespace>.<key>`.
 */
export const THEME_METAFIELD_COLUMNS = {
  badges: "Badges (product.metafields.custom.product_cart_badges)",
  amountMl: "Size in millilitres (product.metafields.custom.price_per_ml)",
  helpsWith: "Helps with (product.metafields.custom.helps_with)",
  upsellHandles: "Add-ons (product.metafields.custom.checkout_upsell_items)",
} as const satisfies Record<keyof ThemeMetafields, string>;

const THEME_KEYS = Object.keys(THEME_METAFIELD_COLUMNS) as (keyof ThemeMetafields)[];

/** A list metafield's cell as Shopify's export writes it: the entries joined by a semicolon and a space. */
export const listCell = (entries: readonly string[]): string => entries.join(`${LIST_SEPARATOR} `);

/** A list cell as the form's one-entry-per-line text: semicolons and line breaks both separate. */
const listLines = (cell: string): string => cell.split(LIST_SEPARATOR).join("\n");

/** `price_per_ml` is a JSON metafield: its cell is the JSON Shopify writes, such as {"amount_ml":50}. */
export const amountCell = (amountMl: number | null): string => (amountMl === null ? "" : JSON.stringify({ amount_ml: amountMl }));

/** The size in the cell as the form would take it: from Shopify's JSON, or a size typed plainly (50, 50 ml). */
function amountText(cell: string): { text: string } | { error: string } {
  if (!cell.startsWith("{")) return { text: cell };
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch {
    parsed = null;
  }
  const amount = parsed !== null && typeof parsed === "object" ? (parsed as { amount_ml?: unknown }).amount_ml : undefined;
  if (typeof amount === "number" || typeof amount === "string") return { text: String(amount) };
  return { error: 'Enter the size as Shopify writes it, such as {"amount_ml":50}, or in millilitres, such as 50.' };
}

/** The columns the export writes, in Shopify's order; the import reads them by name, in any order. */
export const PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  INGREDIENTS_COLUMN,
  THEME_METAFIELD_COLUMNS.badges,
  THEME_METAFIELD_COLUMNS.amountMl,
  THEME_METAFIELD_COLUMNS.helpsWith,
  THEME_METAFIELD_COLUMNS.upsellHandles,
  "Status",
] as const;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** A product as the CSV carries it. */
export interface CsvProduct {
  handle: string;
  title: string;
  bodyHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  published: boolean;
  ingredients: string;
  themeMetafields: ThemeMetafields;
  options: { name: string; values: string[] }[];
  variants: CsvVariant[];
  images: { src: string; alt: string }[];
}

export interface CsvVariant extends VariantFields {
  /** Option values in the order of the product's options; empty for a product without options. */
  optionValues: string[];
  inventoryManagement: "shopify" | null;
  inventoryPolicy: "deny" | "continue";
  inventoryQuantity: number;
  requiresShipping: boolean;
  taxable: boolean;
  barcode: string;
}

const bool = (value: boolean) => (value ? "TRUE" : "FALSE");

/** Products as CSV rows: the header, then one row per variant (the first carrying the product), then rows for further pictures. */
export function productsToCsv(products: readonly CsvProduct[]): string {
  const rows: string[][] = [[...PRODUCT_CSV_COLUMNS]];
  for (const product of products) {
    const count = Math.max(product.variants.length, product.images.length);
    for (let index = 0; index < count; index += 1) {
      const row: Record<ProductCsvColumn, string> = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, ""])) as Record<ProductCsvColumn, string>;
      row.Handle = product.handle;
      if (index === 0) {
        row.Title = product.title;
        row["Body (HTML)"] = product.bodyHtml;
        row.Vendor = product.vendor;
        row.Type = product.productType;
        row.Tags = product.tags.join(", ");
        row.Published = bool(product.published);
        row[INGREDIENTS_COLUMN] = product.ingredients;
        row[THEME_METAFIELD_COLUMNS.badges] = listCell(product.themeMetafields.badges);
        row[THEME_METAFIELD_COLUMNS.amountMl] = amountCell(product.themeMetafields.amountMl);
        row[THEME_METAFIELD_COLUMNS.helpsWith] = listCell(product.themeMetafields.helpsWith);
        row[THEME_METAFIELD_COLUMNS.upsellHandles] = listCell(product.themeMetafields.upsellHandles);
        row.Status = product.published ? "active" : "draft";
      }
      const variant = product.variants[index];
      if (variant) {
        const names = product.options.length ? product.options.map((option) => option.name) : ["Title"];
        const values = product.options.length ? variant.optionValues : ["Default Title"];
        names.slice(0, 3).forEach((name, position) => {
          const key = `Option${position + 1}` as "Option1" | "Option2" | "Option3";
          if (index === 0) row[`${key} Name`] = name;
          row[`${key} Value`] = values[position] ?? "";
        });
        row["Variant SKU"] = variant.sku;
        row["Variant Grams"] = String(variant.grams);
        row["Variant Inventory Tracker"] = variant.inventoryManagement ?? "";
        row["Variant Inventory Qty"] = String(variant.inventoryQuantity);
        row["Variant Inventory Policy"] = variant.inventoryPolicy;
        row["Variant Fulfillment Service"] = "manual";
        row["Variant Price"] = decimalAmount(variant.price);
        row["Variant Compare At Price"] = variant.compareAtPrice === null ? "" : decimalAmount(variant.compareAtPrice);
        row["Variant Requires Shipping"] = bool(variant.requiresShipping);
        row["Variant Taxable"] = bool(variant.taxable);
        row["Variant Barcode"] = variant.barcode;
      }
      const image = product.images[index];
      if (image) {
        row["Image Src"] = image.src;
        row["Image Position"] = String(index + 1);
        row["Image Alt Text"] = image.alt;
      }
      rows.push(PRODUCT_CSV_COLUMNS.map((column) => row[column]));
    }
  }
  return writeCsv(rows);
}

/** What is wrong with one field of the file, where: the line and the column. */
export interface CsvProblem {
  line: number;
  column: string;
  message: string;
}

/** A product of the file: its fields when its first row names them, and its variant rows. */
export interface ImportedProduct {
  handle: string;
  /** The line of the product's first row. */
  line: number;
  /**
   * The product's own fields, from its first row; null when the file only
   * adds variants to a product the shop has. `themeMetafields` holds only the
   * metafields whose columns the file has: the others are left as they are.
   */
  product: (ProductFields & { options: string[]; themeMetafields: Partial<ThemeMetafields> }) | null;
  variants: (CsvVariant & { line: number; inventoryGiven: boolean })[];
}

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HANDLE_MAX = 255;

/** Shopify's TRUE/FALSE (any case); empty is `empty`; anything else null. */
function readBool(value: string, empty: boolean): boolean | null {
  if (value === "") return empty;
  const lower = value.toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : null;
}

/** The file's columns and rows, or why it is no Shopify product CSV this shop can import. */
function readCsvTable(text: string): { columns: string[]; rows: CsvRecord[] } | { problems: CsvProblem[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { problems: [{ line: error.line, column: "", message: error.message }] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { problems: [{ line: 1, column: "", message: "The file is empty: export the products from Shopify as CSV and upload that file." }] };
  const columns = header.fields.map((name) => name.trim());
  const problems: CsvProblem[] = [];
  for (const required of ["Handle", "Title", "Variant Price"] as const) {
    if (!columns.includes(required)) problems.push({ line: 1, column: required, message: `The header has no “${required}” column: this is not a Shopify product CSV.` });
  }
  if (problems.length) return { problems };
  if (rows.length > CSV_MAX_ROWS) return { problems: [{ line: 1, column: "", message: `The file has ${rows.length.toLocaleString("en-GB")} rows; import at most ${CSV_MAX_ROWS.toLocaleString("en-GB")} at a time.` }] };
  return { columns, rows };
}

/**
 * The rows of a Shopify product CSV as products, or every problem with line
 * and column. Rows are grouped by Handle; a product's first row (the one
 * with a Title) carries its fields; a row with an option value, price or SKU
 * is a variant; a row with only a picture is read past (pictures are not imported).
 */
export function readProductCsv(text: string): { products: ImportedProduct[] } | { problems: CsvProblem[] } {
  const table = readCsvTable(text);
  if ("problems" in table) return table;
  const { columns, rows } = table;
  const problems: CsvProblem[] = [];

  const products = new Map<string, ImportedProduct>();
  for (const record of rows) {
    const value = (column: string) => {
      const at = columns.indexOf(column);
      return at < 0 ? "" : fieldText(unguardFormula(record.fields[at] ?? ""));
    };
    const line = record.line;
    const problem = (column: string, message: string) => problems.push({ line, column, message });
    if (record.fields.length > columns.length && record.fields.slice(columns.length).some((extra) => extra.trim() !== "")) {
      problem("", `The row has ${record.fields.length} fields but the header names ${columns.length}: check for a comma outside quotes.`);
      continue;
    }
    const handle = value("Handle");
    if (handle === "") {
      problem("Handle", "Enter the product's handle (such as rose-face-oil): every row needs one.");
      continue;
    }
    if (!HANDLE.test(handle) || handle.length > HANDLE_MAX) {
      problem("Handle", "A handle is lower-case letters, digits and single hyphens, such as rose-face-oil.");
      continue;
    }
    let entry = products.get(handle);
    const title = value("Title");
    if (title !== "") {
      if (entry?.product) {
        problem("Title", `The product ${handle} already has its first row on line ${entry.line}: leave the Title empty on its other rows.`);
        continue;
      }
      const publishedText = value("Published");
      const published = readBool(publishedText, true);
      if (published === null) problem("Published", "Enter TRUE or FALSE.");
      const status = value("Status").toLowerCase();
      if (!["", "active", "draft", "archived"].includes(status)) problem("Status", "Enter active, draft or archived.");
      const checked = checkProductFields(
        {
          title,
          description: value("Body (HTML)"),
          ingredients: value(INGREDIENTS_COLUMN),
          vendor: value("Vendor"),
          productType: value("Type"),
          tags: value("Tags"),
          published: (published ?? true) && (status === "" || status === "active"),
        },
        { title: "Title", description: "Body (HTML)", ingredients: INGREDIENTS_COLUMN, vendor: "Vendor", productType: "Type", tags: "Tags" },
      );
      for (const [column, message] of Object.entries(checked.errors)) problem(column, message);
      const options = [1, 2, 3].map((n) => value(`Option${n} Name`)).filter((name) => name !== "");
      if (options.some((name) => name.length > 255 || hasControlCharacter(name, { lineBreaks: false }))) problem("Option1 Name", "Keep option names to one line of 255 characters or fewer.");
      const amount = amountText(value(THEME_METAFIELD_COLUMNS.amountMl));
      if ("error" in amount) problem(THEME_METAFIELD_COLUMNS.amountMl, amount.error);
      // The theme's metafields are checked by the product form's rules, each named by its column.
      const themed = readThemeMetafields(
        {
          badges: listLines(value(THEME_METAFIELD_COLUMNS.badges)),
          amountMl: "text" in amount ? amount.text : "",
          helpsWith: listLines(value(THEME_METAFIELD_COLUMNS.helpsWith)),
          upsellHandles: listLines(value(THEME_METAFIELD_COLUMNS.upsellHandles)),
        },
        handle,
        THEME_METAFIELD_COLUMNS,
      );
      for (const [column, message] of Object.entries(themed.errors)) problem(column, message);
      const themeMetafields: Partial<ThemeMetafields> = {};
      for (const key of THEME_KEYS) if (columns.includes(THEME_METAFIELD_COLUMNS[key])) Object.assign(themeMetafields, { [key]: themed.fields[key] });
      const product = { ...checked.fields, options: options.length === 1 && options[0] === "Title" ? [] : options, themeMetafields };
      if (entry) {
        problem("Title", `The product ${handle} has rows before its first row (line ${entry.line}): put the row with the Title first.`);
        continue;
      }
      entry = { handle, line, product, variants: [] };
      products.set(handle, entry);
    } else if (!entry) {
      entry = { handle, line, product: null, variants: [] };
      products.set(handle, entry);
    }

    const optionValues = [1, 2, 3].map((n) => value(`Option${n} Value`));
    const isVariant = optionValues.some((v) => v !== "") || value("Variant Price") !== "" || value("Variant SKU") !== "";
    if (!isVariant) continue;
    const checked = checkVariantFields(
      { price: value("Variant Price"), compareAtPrice: value("Variant Compare At Price"), sku: value("Variant SKU"), grams: value("Variant Grams") },
      { price: "Variant Price", compareAtPrice: "Variant Compare At Price", sku: "Variant SKU", grams: "Variant Grams" },
    );
    for (const [column, message] of Object.entries(checked.errors)) problem(column, message);
    const tracker = value("Variant Inventory Tracker").toLowerCase();
    if (!["", "shopify"].includes(tracker)) problem("Variant Inventory Tracker", "Enter shopify to count this variant's stock, or leave it empty.");
    const policy = value("Variant Inventory Policy").toLowerCase() || "deny";
    if (policy !== "deny" && policy !== "continue") problem("Variant Inventory Policy", "Enter deny (stop selling at 0) or continue (keep selling).");
    const qtyText = value("Variant Inventory Qty");
    let inventoryQuantity = 0;
    if (qtyText !== "") {
      inventoryQuantity = Number(qtyText);
      if (!/^-?\d+$/.test(qtyText) || Math.abs(inventoryQuantity) > 1_000_000) problem("Variant Inventory Qty", "Enter a whole number of units between -1,000,000 and 1,000,000.");
    }
    const requiresShipping = readBool(value("Variant Requires Shipping"), true);
    if (requiresShipping === null) problem("Variant Requires Shipping", "Enter TRUE or FALSE.");
    const taxable = readBool(value("Variant Taxable"), true);
    if (taxable === null) problem("Variant Taxable", "Enter TRUE or FALSE.");
    const barcode = value("Variant Barcode");
    if (barcode.length > 255 || hasControlCharacter(barcode, { lineBreaks: false })) problem("Variant Barcode", "Keep the barcode to one line of 255 characters or fewer.");
    const used = optionValues.filter((v) => v !== "");
    if (used.some((v) => v.length > 255 || hasControlCharacter(v, { lineBreaks: false }))) problem("Option1 Value", "Keep option values to one line of 255 characters or fewer.");
    const values = used.length === 1 && used[0] === "Default Title" ? [] : used;
    const duplicate = entry.variants.find((other) => other.optionValues.join("\u0000") === values.join("\u0000"));
    if (duplicate) {
      problem("Option1 Value", `The product ${handle} already has a variant ${values.join(" / ") || "without options"} on line ${duplicate.line}.`);
      continue;
    }
    if (entry.product && values.length !== entry.product.options.length) {
      problem(
        "Option1 Value",
        entry.product.options.length
          ? `Give a value for each of the product's options (${entry.product.options.join(", ")}), and none beyond them.`
          : "The product has no options (its Option1 Name is empty or Title): leave the Option values empty, or Default Title.",
      );
      continue;
    }
    entry.variants.push({
      ...checked.fields,
      line,
      optionValues: values,
      inventoryManagement: tracker === "shopify" ? "shopify" : null,
      inventoryPolicy: policy === "continue" ? "continue" : "deny",
      inventoryQuantity,
      inventoryGiven: qtyText !== "",
      requiresShipping: requiresShipping ?? true,
      taxable: taxable ?? true,
      barcode,
    });
  }
  for (const entry of products.values()) {
    if (entry.product && entry.variants.length === 0) problems.push({ line: entry.line, column: "Variant Price", message: `The product ${entry.handle} has no variant: give its first row a Variant Price.` });
  }
  if (problems.length) return { problems: problems.sort((a, b) => a.line - b.line) };
  return { products: [...products.values()] };
}
