import type { Context } from "hono";
import { badRequest, unsupportedMediaType } from "./errors.ts";

/**
 * Reads a request body sent as JSON, urlencoded or multipart form into a plain
 * object. Form keys in bracket notation (`properties[Note]`, `updates[]`,
 * `items[][id]`) become nested objects and arrays, as Shopify reads them.
 * Any other type is refused with 415: `text/plain` above all, which a page on
 * another site could send without the browser asking first.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest("The request body is not valid multipart form data");
    }
    const pairs: [string, string][] = [];
    form.forEach((value, key) => {
      if (typeof value === "string") pairs.push([key, value]);
    });
    return parseBracketed(pairs);
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  if (type.includes("application/x-www-form-urlencoded")) return parseBracketed([...new URLSearchParams(text)]);
  if (type.includes("json") || type === "") {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      return parsed as Record<string, unknown>;
    } catch {
      if (type.includes("json")) throw badRequest("The request body is not valid JSON");
      return parseBracketed([...new URLSearchParams(text)]);
    }
  }
  throw unsupportedMediaType(`Unsupported content type ${type.split(";")[0]}: send JSON (application/json) or a form`);
}

/** The deepest bracket nesting a form field may have (`items[][properties][Note]` is three). */
export const MAX_FORM_DEPTH = 6;
/** The most fields a form body may carry. */
export const MAX_FORM_FIELDS = 1000;

function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0 || !key.endsWith("]")) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) {
    segments.push(match[1] ?? "");
    // Refused as soon as it is too deep, so a key of thousands of brackets costs no more than a short one.
    if (segments.length > MAX_FORM_DEPTH + 1) throw badRequest(`A form field is nested more than ${MAX_FORM_DEPTH} levels deep`);
  }
  return segments;
}

type Node = Record<string, unknown> | unknown[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function assign(target: Node, segments: string[], value: string): void {
  const [segment = "", ...rest] = segments;
  if (Array.isArray(target)) {
    if (rest.length === 0) {
      target.push(value);
      return;
    }
    const last = target[target.length - 1];
    const nextKey = rest[0] ?? "";
    if (isRecord(last) && nextKey !== "" && !(nextKey in last)) {
      assign(last, rest, value);
      return;
    }
    const fresh: Node = nextKey === "" ? [] : {};
    target.push(fresh);
    assign(fresh, rest, value);
    return;
  }
  if (segment === "__proto__" || segment === "constructor" || segment === "prototype") return;
  if (rest.length === 0) {
    target[segment] = value;
    return;
  }
  const wantsArray = rest[0] === "";
  let child = target[segment];
  if (wantsArray ? !Array.isArray(child) : !isRecord(child)) {
    child = wantsArray ? [] : {};
    target[segment] = child;
  }
  assign(child as Node, rest, value);
}

/** Bracketed form pairs as nested objects and arrays; more than MAX_FORM_FIELDS fields, or one nested deeper than MAX_FORM_DEPTH, is a 400. */
export function parseBracketed(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let count = 0;
  for (const [key, value] of pairs) {
    count += 1;
    if (count > MAX_FORM_FIELDS) throw badRequest(`A form may carry at most ${MAX_FORM_FIELDS} fields`);
    assign(root, splitKey(key), value);
  }
  return root;
}
