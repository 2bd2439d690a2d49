import { describe, expect, it } from "vitest";
import { type Overlay, QUIET_MOMENT_MS, type Stage, isTypingField, pageTask, popupMayOpen, popupMustStepAside } from "./overlays.ts";

const empty: Stage = { overlays: [], tasks: [], quietSince: null };
const banner: Overlay = { id: "cookie-banner", kind: "banner", modal: false };
const sideCart: Overlay = { id: "side-cart", kind: "dialog", modal: true };
const newsletter: Overlay = { id: "popup:newsletter", kind: "popup", modal: true };
const announcement: Overlay = { id: "popup:announcement", kind: "popup", modal: false };
const now = 1_800_000_000_000;

describe("popupMayOpen", () => {
  it("opens a popup on an empty stage", () => {
    expect(popupMayOpen(empty, newsletter, now)).toEqual({ open: true });
  });

  it("never covers an unanswered cookie banner, with no time after which it gives up", () => {
    const stage = { ...empty, overlays: [banner] };
    expect(popupMayOpen(stage, newsletter, now)).toEqual({ open: false, waitingFor: "banner", until: null });
    expect(popupMayOpen(stage, newsletter, now + 86_400_000)).toEqual({ open: false, waitingFor: "banner", until: null });
    expect(popupMayOpen(stage, announcement, now).open).toBe(false);
  });

  it("waits while the shopper has a dialog open, such as the side cart", () => {
    expect(popupMayOpen({ ...empty, overlays: [sideCart] }, newsletter, now)).toEqual({ open: false, waitingFor: "dialog", until: null });
  });

  it.each(["cart", "checkout", "account", "builder", "typing"] as const)("waits while the shopper is busy: %s", (task) => {
    expect(popupMayOpen({ ...empty, tasks: [task] }, newsletter, now)).toEqual({ open: false, waitingFor: task, until: null });
  });

  it("allows one modal at a time", () => {
    expect(popupMayOpen({ ...empty, overlays: [newsletter] }, { id: "popup:countdown", modal: true }, now)).toEqual({ open: false, waitingFor: "popup", until: null });
    // The announcement is not modal: a modal popup still waits for it, and it waits for a modal one.
    expect(popupMayOpen({ ...empty, overlays: [announcement] }, newsletter, now).open).toBe(false);
    expect(popupMayOpen({ ...empty, overlays: [newsletter] }, announcement, now).open).toBe(false);
  });

  it("does not count the popup asking as in its own way", () => {
    expect(popupMayOpen({ ...empty, overlays: [newsletter] }, newsletter, now)).toEqual({ open: true });
  });

  it("waits for a quiet moment after the shopper's last task or dialog, to the millisecond", () => {
    const stage = { ...empty, quietSince: now };
    expect(popupMayOpen(stage, newsletter, now + QUIET_MOMENT_MS - 1)).toEqual({ open: false, waitingFor: "quiet", until: now + QUIET_MOMENT_MS });
    expect(popupMayOpen(stage, newsletter, now + QUIET_MOMENT_MS)).toEqual({ open: true });
  });
});

describe("popupMustStepAside", () => {
  it("steps aside for a dialog the shopper opens, a task and the banner, not for the quiet moment", () => {
    expect(popupMustStepAside({ ...empty, overlays: [newsletter, sideCart] }, newsletter.id)).toBe(true);
    expect(popupMustStepAside({ ...empty, overlays: [newsletter], tasks: ["typing"] }, newsletter.id)).toBe(true);
    expect(popupMustStepAside({ ...empty, overlays: [newsletter, banner] }, newsletter.id)).toBe(true);
    expect(popupMustStepAside({ ...empty, overlays: [newsletter], quietSince: now }, newsletter.id)).toBe(false);
    expect(popupMustStepAside({ ...empty, overlays: [newsletter] }, newsletter.id)).toBe(false);
  });
});

describe("pageTask", () => {
  it.each([
    ["/cart", "cart"],
    ["/fr-fr/cart", "cart"],
    ["/checkout", "checkout"],
    ["/account", "account"],
    ["/account/register", "account"],
    ["/account/login", "account"],
    ["/challenge", "account"],
    ["/", null],
    ["/collections/face", null],
    ["/products/cart-cleanser", null],
    ["/pages/accounting", null],
  ])("%s is %s", (pathname, task) => {
    expect(pageTask(pathname)).toBe(task);
  });
});

describe("isTypingField", () => {
  it("counts text boxes, text areas, selects and editable text, not buttons or checkboxes", () => {
    expect(isTypingField({ tagName: "INPUT", type: "email" })).toBe(true);
    expect(isTypingField({ tagName: "input", type: "search" })).toBe(true);
    expect(isTypingField({ tagName: "TEXTAREA" })).toBe(true);
    expect(isTypingField({ tagName: "SELECT" })).toBe(true);
    expect(isTypingField({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTypingField({ tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(isTypingField({ tagName: "BUTTON" })).toBe(false);
    expect(isTypingField(null)).toBe(false);
  });
});
