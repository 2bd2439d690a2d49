import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkSettings, parseSettings } from "./settings.ts";
import { GENERAL_SECTION, fieldErrors, formFields, formSection, readSettingsForm, readSettingsSection, settingLabel, settingsForm } from "./settings-form.ts";

const input = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../config/settings.json"), "utf8")) as unknown;
const form = settingsForm(input);
const fields = formFields(form);
const valuesOf = (changes: Record<string, string> = {}) => ({ ...Object.fromEntries(fields.map((field) => [field.name, field.value])), ...changes });
const field = (name: string) => fields.find((candidate) => candidate.name === name);

describe("the settings form", () => {
  it("has a section per top-level group, the top level's own settings first", () => {
    expect(form[0]).toMatchObject({ name: GENERAL_SECTION, label: "General" });
    expect(form.map((section) => section.name)).toEqual(expect.arrayContaining(["shop", "sideCart", "checkout", "popups", "builders"]));
    expect(settingLabel("shippingThreshold")).toBe("Shipping threshold");
    expect(settingLabel("save_badge_title")).toBe("Save badge title");
  });

  it("makes each setting a field of its kind: money in whole units, yes/no, choices, lists as JSON", () => {
    expect(field("sideCart.shippingThreshold")).toMatchObject({ type: "money", value: "40", optional: true });
    expect(field("shop.name")).toMatchObject({ type: "text", optional: false });
    expect(field("sideCart.samplesNeedPaidProduct")).toMatchObject({ type: "boolean" });
    expect(field("sideCart.freeGiftsData")).toMatchObject({ type: "json" });
    expect(fields.some((candidate) => candidate.type === "choice" && (candidate.options?.length ?? 0) > 1)).toBe(true);
  });

  it("reads the unchanged form back as the same settings", () => {
    const { input: back, errors } = readSettingsForm(valuesOf(), fields);
    expect(errors).toEqual({});
    const checked = checkSettings(back);
    expect(checked.ok && checked.settings).toEqual(parseSettings(input));
  });

  it("reads an unticked box as no, and an empty number as the setting's default", () => {
    const { input: back } = readSettingsForm(valuesOf({ "sideCart.samplesNeedPaidProduct": "", "sideCart.shippingThreshold": "" }), fields);
    const checked = checkSettings(back);
    expect(checked.ok && checked.settings.sideCart.samplesNeedPaidProduct).toBe(false);
    expect(checked.ok && checked.settings.sideCart.shippingThreshold).toBe(4000);
  });

  it("puts each problem on the field holding it, naming the rest of the path inside a JSON field", () => {
    const { input: back, errors } = readSettingsForm(valuesOf({ "sideCart.shippingThreshold": "-1", "sideCart.freeGiftsData": "[{\"key\":\"Bad\"}]", "shop.tagline": "" }), fields);
    expect(errors).toEqual({});
    const checked = checkSettings(back);
    expect(checked.ok).toBe(false);
    const byField = checked.ok ? {} : fieldErrors(checked.issues, fields);
    expect(byField["sideCart.shippingThreshold"]).toBe("Too small: expected number to be >=0");
    expect(byField["sideCart.freeGiftsData"]).toMatch(/^\[0\]\.key: expected a key/);
    expect(Object.keys(byField).sort()).toEqual(["sideCart.freeGiftsData", "sideCart.shippingThreshold"]);
    expect(readSettingsForm(valuesOf({ "sideCart.freeGiftsData": "[{" }), fields).errors["sideCart.freeGiftsData"]).toMatch(/^not valid JSON/);
  });
});

describe("one section of the form posted over a draft", () => {
  it("takes the section's posted fields and keeps every other setting of the draft", () => {
    const draft = { ...(input as Record<string, unknown>), shop: { ...((input as { shop: Record<string, unknown> }).shop), name: "Draft name" } };
    const posted = Object.fromEntries(formFields([formSection(settingsForm(draft), "sideCart")!]).map((entry) => [entry.name, entry.value]));
    const read = readSettingsSection(draft, { ...posted, "sideCart.shippingThreshold": "25", "shop.name": "Ignored" }, "sideCart");
    expect(read?.errors).toEqual({});
    const checked = checkSettings(read?.input);
    expect(checked.ok && checked.settings.sideCart.shippingThreshold).toBe(2500);
    expect(checked.ok && checked.settings.shop.name).toBe("Draft name");
  });

  it("reads an unknown section as nothing, and a bad value for the schema to name", () => {
    expect(readSettingsSection(input, {}, "nowhere")).toBeNull();
    const posted = Object.fromEntries(formFields([formSection(form, "sideCart")!]).map((entry) => [entry.name, entry.value]));
    const read = readSettingsSection(input, { ...posted, "sideCart.shippingThreshold": "forty" }, "sideCart");
    const checked = checkSettings(read?.input);
    expect(!checked.ok && fieldErrors(checked.issues, fields)["sideCart.shippingThreshold"]).toMatch(/number/);
  });
});
