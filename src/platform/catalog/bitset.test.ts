import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { andInto, andNotInto, bitsetOf, countAnd, countBits, hasBit, membersOf, orInto, setBit } from "./bitset.ts";

const SIZE = 200;
const members = fc.uniqueArray(fc.integer({ min: 0, max: SIZE - 1 }), { maxLength: SIZE });

describe("bitset", () => {
  it("holds exactly its members, across word boundaries", () => {
    const bits = bitsetOf(70, [0, 31, 32, 63, 64, 69]);
    expect(bits).toHaveLength(3);
    expect(membersOf(bits)).toEqual([0, 31, 32, 63, 64, 69]);
    expect(hasBit(bits, 31)).toBe(true);
    expect(hasBit(bits, 30)).toBe(false);
    expect(hasBit(bits, 1000)).toBe(false);
    setBit(bits, 30);
    expect(countBits(bits)).toBe(7);
  });

  it("agrees with sets for union, intersection and counts", () => {
    fc.assert(
      fc.property(members, members, (left, right) => {
        const a = bitsetOf(SIZE, left);
        const b = bitsetOf(SIZE, right);
        const rightSet = new Set(right);
        const intersection = left.filter((member) => rightSet.has(member)).sort((x, y) => x - y);
        const union = [...new Set([...left, ...right])].sort((x, y) => x - y);
        expect(countAnd(a, b)).toBe(intersection.length);
        expect(countBits(a)).toBe(left.length);
        expect(membersOf(orInto(Uint32Array.from(a), b))).toEqual(union);
        expect(membersOf(andInto(Uint32Array.from(a), b))).toEqual(intersection);
        expect(membersOf(andNotInto(Uint32Array.from(a), b))).toEqual(left.filter((member) => !rightSet.has(member)).sort((x, y) => x - y));
      }),
    );
  });
});
