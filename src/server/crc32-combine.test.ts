import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { crc32Combine, crc32Shift } from "./crc32-combine.ts";

describe("the CRC-32 of two byte strings one after the other", () => {
  it("is the CRC-32 of their concatenation, for empty, short and long strings", () => {
    for (const [lengthA, lengthB] of [[0, 0], [0, 5], [5, 0], [1, 1], [24, 24], [100_041, 24], [3, 70_000], [65_536, 65_537]] as const) {
      const [a, b] = [randomBytes(lengthA), randomBytes(lengthB)];
      expect(crc32Combine(crc32(a), crc32(b), crc32Shift(b.length)), `${lengthA} + ${lengthB}`).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
