import { describe, expect, it } from "vitest";
import { dropdownKeyAction, PAGE_STEP, typeAheadMatch } from "./dropdown-keys.ts";

const closed = (key: string, active = 2, altKey = false) => dropdownKeyAction({ key, altKey, open: false, active, count: 7 });
const opened = (key: string, active = 2, altKey = false) => dropdownKeyAction({ key, altKey, open: true, active, count: 7 });

describe("select-only combobox keys", () => {
  it("opens on Down, Up, Enter and Space with the selected option active", () => {
    for (const key of ["ArrowDown", "ArrowUp", "Enter", " "]) expect(closed(key)).toEqual({ kind: "open", active: 2 });
  });

  it("opens on Home and End at the first and last option", () => {
    expect(closed("Home")).toEqual({ kind: "open", active: 0 });
    expect(closed("End")).toEqual({ kind: "open", active: 6 });
  });

  it("ignores other keys while closed, and every key with no options", () => {
    expect(closed("Escape")).toEqual({ kind: "none" });
    expect(dropdownKeyAction({ key: "ArrowDown", altKey: false, open: false, active: 0, count: 0 })).toEqual({ kind: "none" });
  });

  it("moves with the arrows and stops at the ends", () => {
    expect(opened("ArrowDown")).toEqual({ kind: "move", active: 3 });
    expect(opened("ArrowUp")).toEqual({ kind: "move", active: 1 });
    expect(opened("ArrowDown", 6)).toEqual({ kind: "move", active: 6 });
    expect(opened("ArrowUp", 0)).toEqual({ kind: "move", active: 0 });
  });

  it("jumps with Home, End, Page Up and Page Down", () => {
    expect(opened("Home", 4)).toEqual({ kind: "move", active: 0 });
    expect(opened("End", 1)).toEqual({ kind: "move", active: 6 });
    expect(opened("PageDown", 0)).toEqual({ kind: "move", active: Math.min(6, PAGE_STEP) });
    expect(opened("PageUp", 5)).toEqual({ kind: "move", active: 0 });
  });

  it("commits with Enter, Space, Alt+Up and Tab; Escape closes without a change", () => {
    expect(opened("Enter", 4)).toEqual({ kind: "commit", active: 4, close: true });
    expect(opened(" ", 4)).toEqual({ kind: "commit", active: 4, close: true });
    expect(opened("ArrowUp", 4, true)).toEqual({ kind: "commit", active: 4, close: true });
    expect(opened("Tab", 4)).toEqual({ kind: "commit", active: 4, close: true, keepFocusMove: true });
    expect(opened("Escape", 4)).toEqual({ kind: "close" });
  });
});

describe("type-ahead", () => {
  const labels = ["Featured", "Best selling", "Alphabetically, A–Z", "Alphabetically, Z–A", "Price, low to high", "Price, high to low", "Newest"];

  it("finds the next option starting with the typed letter", () => {
    expect(typeAheadMatch(labels, "p", 0)).toBe(4);
    expect(typeAheadMatch(labels, "n", 0)).toBe(6);
  });

  it("cycles through options with the same first letter when the letter repeats", () => {
    expect(typeAheadMatch(labels, "p", 4)).toBe(5);
    expect(typeAheadMatch(labels, "pp", 5)).toBe(4);
  });

  it("matches longer prefixes from the current option, ignoring case and accents", () => {
    expect(typeAheadMatch(labels, "price, h", 4)).toBe(5);
    expect(typeAheadMatch(["Crème riche", "Cream"], "CREM", 1)).toBe(0);
  });

  it("answers -1 when nothing matches", () => {
    expect(typeAheadMatch(labels, "z", 0)).toBe(-1);
    expect(typeAheadMatch(labels, "", 0)).toBe(-1);
  });
});
