import { z } from "zod";
import { hasControlCharacter } from "../../core/common/text.ts";
import { ApiError, badRequest, unprocessable } from "./errors.ts";

/** Integers may come as numbers or numeric strings (form bodies, Dawn's `line`). */
const integerLike = (field: string) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const number = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
    if (!Number.isSafeInteger(number)) {
      ctx.addIssue({ code: "custom", message: `expected String to be a Integer: ${field}` });
      return z.NEVER;
    }
    return number;
  });

const quantity = integerLike("quantity").refine((value) => value >= 0, { message: "expected String to be a Integer: quantity" });

/** Shopify's limits on what a cart carries besides its lines. */
export const CART_TEXT_LIMITS = { name: 255, value: 5000, entries: 100, note: 5000 } as const;

const plainText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    // A NUL or an escape in stored text is refused; tabs and line breaks are text.
    .refine((text) => !hasControlCharacter(text), "must not contain control characters");

const entryName = plainText(CART_TEXT_LIMITS.name);
const scalar = z.union([plainText(CART_TEXT_LIMITS.value), z.number(), z.boolean(), z.null()]);
const boundedRecord = <T extends z.ZodType>(value: T) =>
  z.record(entryName, value).refine((record) => Object.keys(record).length <= CART_TEXT_LIMITS.entries, `must have at most ${CART_TEXT_LIMITS.entries} entries`);

/** Line properties: scalar values become strings; empty and null ones are dropped. */
const properties = boundedRecord(scalar)
  .transform((record) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([, value]) => value !== null && value !== "")
        .map(([name, value]) => [name, String(value)]),
    ),
  );

/** A selling plan id; a form's empty `selling_plan` (the one-time choice) or null means none. */
const sellingPlan = z.union([z.literal(""), z.null(), integerLike("selling_plan")]).transform((value) => (value === "" || value === null ? null : value));

const addItem = z.object({
  id: integerLike("id"),
  quantity: quantity.optional().default(1),
  properties: properties.optional().default({}),
  selling_plan: sellingPlan.optional(),
});

export const addSingleBody = addItem;

export const addItemsBody = z.object({
  items: z.union([z.array(addItem), z.record(z.string(), addItem).transform((record) => Object.values(record))]),
});

export const changeBody = z.object({
  line: z.unknown().optional(),
  id: z.union([plainText(CART_TEXT_LIMITS.name), z.number()]).optional(),
  quantity: quantity.optional(),
  properties: properties.optional(),
  selling_plan: sellingPlan.optional(),
});

export const updateBody = z.object({
  updates: z.union([z.array(quantity), z.record(z.string(), quantity)]).optional(),
  attributes: boundedRecord(scalar.transform((value) => (value === null ? "" : String(value)))).optional(),
  note: z.union([plainText(CART_TEXT_LIMITS.note), z.null()]).transform((value) => value ?? "").optional(),
  discount: plainText(CART_TEXT_LIMITS.value).optional(),
});

/** The cart attributes that may ride along with an add (built once: a schema built per request is compiled per request). */
export const addAttributesBody = updateBody.pick({ attributes: true });

/** Parses a body with a schema, answering the first problem as Shopify's 400. */
export function parseInput<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues.find((candidate) => candidate.message.startsWith("expected String")) ?? result.error.issues[0];
  const path = issue?.path.join(".") || "body";
  throw badRequest(issue?.message.startsWith("expected String") ? issue.message : `Invalid parameter ${path}: ${issue?.message ?? "invalid"}`);
}

/** `line` is a 1-based index; anything not a positive integer is Shopify's 422. */
export function parseLine(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw unprocessable("line parameter is invalid.");
  return number;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
