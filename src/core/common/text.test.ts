import { describe, expect, it } from "vitest";
import { hasControlCharacter } from "./text.ts";

describe("control characters", () => {
  it("finds NUL, escape, backspace and DEL, and lets ordinary text through", () => {
    for (const bad of ["a\u0000b", "\u001b[31m", "x\u0008", "\u007f"]) expect(hasControlCharacter(bad)).toBe(true);
    for (const good of ["Rose & oud", "Crème", "日本", "😀", ""]) expect(hasControlCharacter(good)).toBe(false);
  });

  it("takes tab and line breaks as text unless a one-line field says otherwise", () => {
    expect(hasControlCharacter("Leave at\nthe door\t please\r\n")).toBe(false);
    expect(hasControlCharacter("12 Main St\n", { lineBreaks: false })).toBe(true);
  });
});
