import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lineKey } from "./cart-model.ts";

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

describe("lineKey", () => {
  it("is the variant and the hash of the line's properties, sorted by name", () => {
    expect(lineKey(42, { Engraving: "A", _gift: "1" })).toBe(`42:${md5('[["Engraving","A"],["_gift","1"]]')}`);
    expect(lineKey(42, { _gift: "1", Engraving: "A" })).toBe(lineKey(42, { Engraving: "A", _gift: "1" }));
  });

  it("gives a line without properties the key carts already hold for it", () => {
    expect(lineKey(7, {})).toBe(`7:${md5("[]")}`);
    expect(lineKey(7, {})).not.toBe(lineKey(8, {}));
    expect(lineKey(7, {})).not.toBe(lineKey(7, { note: "" }));
  });
});
