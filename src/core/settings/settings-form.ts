/**
 * The settings as a form, generated from the schema that validates them:
 * one section per top-level group, a field per setting (text, number, money
 * in whole units, yes/no, a choice), and lists or other composite values as
 * JSON text. Reading a posted form back gives the settings as typed, for the
 * same schema to check; its problems are matched to the fields that hold them.
 */
import type { z } from "../common/zod.ts";
import { type SettingsIssue, settingsSchema } from "./settings.ts";
import { wholeAmount } from "./settings-fields.ts";

export type SettingsFieldKind = "text" | "number" | "money" | "boolean" | "choice" | "json";

export interface SettingsField {
  kind: "field";
  /** The posted name and the errors' key: the setting's path, such as `sideCart.shippingThreshold`. */
  name: string;
  keys: string[];
  label: string;
  type: SettingsFieldKind;
  /** A choice's options. */
  options?: string[];
  /** Left empty, the setting is left out and takes its default. */
  optional: boolean;
  /** Left empty, the setting is null (none). */
  nullable: boolean;
  /** The value as the form shows it; for yes/no, "on" or "". */
  value: string;
}

export interface SettingsGroup {
  kind: "group";
  name: string;
  label: string;
  children: SettingsNode[];
}

export type SettingsNode = SettingsField | SettingsGroup;

/** The name of the section holding the top level's own settings (currency, formats). */
export const GENERAL_SECTION = "general";

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** "shippingThreshold" and "save_badge_title" as "Shipping threshold" and "Save badge title". */
export function settingLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A setting's schema without its wrappers: what it is, whether it may be left out or null, and its default. */
function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean; nullable: boolean; fallback: unknown; money: boolean } {
  let core = schema;
  let optional = false;
  let nullable = false;
  let fallback: unknown;
  let money = false;
  for (;;) {
    if (core === wholeAmount) money = true;
    const def = defOf(core);
    if ((def.type === "default" || def.type === "prefault") && def.innerType) {
      optional = true;
      if (fallback === undefined) fallback = def.defaultValue;
      core = def.innerType;
    } else if (def.type === "optional" && def.innerType) {
      optional = true;
      core = def.innerType;
    } else if (def.type === "nullable" && def.innerType) {
      nullable = true;
      core = def.innerType;
    } else if (def.type === "pipe" && def.in) {
      // A conversion (whole units to minor, a text to its parts): the form edits what goes in.
      core = def.in;
    } else {
      return { core, optional, nullable, fallback, money };
    }
  }
}

const valueAt = (input: unknown, keys: readonly string[]): unknown =>
  keys.reduce<unknown>((at, key) => (at !== null && typeof at === "object" && !Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined), input);

function shown(type: SettingsFieldKind, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (type === "boolean") return value === true ? "on" : "";
  if (type === "json") return JSON.stringify(value, null, 2);
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : JSON.stringify(value);
}

function node(schema: z.ZodType, keys: string[], input: unknown): SettingsNode {
  const { core, optional, nullable, fallback, money } = unwrap(schema);
  const def = defOf(core);
  const name = keys.join(".");
  const label = settingLabel(keys[keys.length - 1] ?? "");
  if (def.type === "object" && def.shape && !nullable) {
    return { kind: "group", name, label, children: Object.entries(def.shape).map(([key, child]) => node(child, [...keys, key], input)) };
  }
  let type: SettingsFieldKind = "json";
  let options: string[] | undefined;
  if (def.type === "string") type = "text";
  else if (def.type === "number") type = money ? "money" : "number";
  else if (def.type === "boolean") type = "boolean";
  else if (def.type === "enum" && def.entries) {
    type = "choice";
    options = Object.values(def.entries).map(String);
  }
  const stored = valueAt(input, keys);
  // A setting the stored settings leave out shows the default it takes.
  const value = shown(type, stored === undefined && (fallback === null || typeof fallback !== "object") ? fallback : stored);
  return { kind: "field", name, keys, label, type, ...(options ? { options } : {}), optional, nullable, value };
}

/**
 * The form for `input` (settings as typed): a section per top-level group,
 * the top level's own settings first as the "general" section.
 */
export function settingsForm(input: unknown, schema: z.ZodType = settingsSchema): SettingsGroup[] {
  const root = node(schema, [], input);
  if (root.kind !== "group") return [];
  const general = root.children.filter((child) => child.kind === "field");
  const groups = root.children.filter((child): child is SettingsGroup => child.kind === "group");
  return [...(general.length ? [{ kind: "group" as const, name: GENERAL_SECTION, label: "General", children: general }] : []), ...groups];
}

/** Every field of a form, in order. */
export function formFields(nodes: readonly SettingsNode[]): SettingsField[] {
  return nodes.flatMap((child) => (child.kind === "field" ? [child] : formFields(child.children)));
}

const posted = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

function setAt(target: Record<string, unknown>, keys: readonly string[], value: unknown) {
  let at = target;
  keys.slice(0, -1).forEach((key) => {
    const next = at[key];
    at = (next !== null && typeof next === "object" ? next : (at[key] = {})) as Record<string, unknown>;
  });
  const last = keys[keys.length - 1];
  if (last !== undefined) at[last] = value;
}

/**
 * The settings a posted form holds, as typed, for the schema to check; and
 * the fields that could not be read at all (JSON that does not parse). An
 * empty text is kept as typed; another empty field is null when the
 * setting may be none, else left out so the setting takes its default.
 */
export function readSettingsForm(form: Record<string, unknown>, fields: readonly SettingsField[]): { input: Record<string, unknown>; errors: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = posted(form[field.name]);
    if (field.type === "boolean") {
      setAt(input, field.keys, raw === "on" || raw === "true");
      continue;
    }
    if (field.type === "text" && (raw !== "" || !field.nullable)) {
      setAt(input, field.keys, raw);
      continue;
    }
    const text = raw.trim();
    if (text === "") {
      if (field.nullable) setAt(input, field.keys, null);
      else if (!field.optional) setAt(input, field.keys, undefined);
      continue;
    }
    if (field.type === "number" || field.type === "money") {
      const number = Number(text);
      // Something not a number goes to the schema as typed, which names what it expected.
      setAt(input, field.keys, Number.isFinite(number) ? number : text);
    } else if (field.type === "json") {
      try {
        setAt(input, field.keys, JSON.parse(text) as unknown);
      } catch (error) {
        errors[field.name] = `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
      }
    } else {
      setAt(input, field.keys, text);
    }
  }
  return { input, errors };
}

/**
 * The schema's problems by field: each problem goes to the field holding its
 * path (a problem inside a JSON field names the rest of its path); one that
 * no field holds is kept under its own path.
 */
export function fieldErrors(issues: readonly SettingsIssue[], fields: readonly SettingsField[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const keys = issue.keys.map(String);
    const field = fields
      .filter((candidate) => candidate.keys.length <= keys.length && candidate.keys.every((key, i) => keys[i] === key))
      .sort((a, b) => b.keys.length - a.keys.length)[0];
    const name = field?.name ?? issue.path;
    const rest = field ? issue.path.slice(field.name.length).replace(/^\./, "") : "";
    const message = rest ? `${rest}: ${issue.message}` : issue.message;
    errors[name] = errors[name] ? `${errors[name]}; ${message}` : message;
  }
  return errors;
}

/** The form's section named `name` (a top-level group, or "general"), or null. */
export function formSection(nodes: readonly SettingsGroup[], name: string): SettingsGroup | null {
  return nodes.find((section) => section.name === name) ?? null;
}

/**
 * The settings after one section of the form is posted over `base` (whole
 * settings as typed): the section's fields take the posted values, every
 * other setting keeps its value in `base`. Unknown sections read as null.
 */
export function readSettingsSection(base: unknown, form: Record<string, unknown>, name: string): { input: Record<string, unknown>; errors: Record<string, string> } | null {
  const whole = settingsForm(base);
  const section = formSection(whole, name);
  if (!section) return null;
  const own = new Set(formFields([section]).map((field) => field.name));
  const fields = formFields(whole);
  const values = Object.fromEntries(fields.map((field) => [field.name, own.has(field.name) ? form[field.name] : field.value]));
  return readSettingsForm(values, fields);
}
