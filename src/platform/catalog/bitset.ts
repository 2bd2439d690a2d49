/**
 * Fixed-size sets of small whole numbers (product ordinals), one bit each.
 * At 10,000 products a set is 313 words, so intersecting two and counting the
 * result takes a few microseconds: cheap enough to count every facet value on
 * every request.
 */
export type Bitset = Uint32Array;

export function bitsetOf(size: number, members: Iterable<number> = []): Bitset {
  const bits = new Uint32Array(Math.ceil(size / 32));
  for (const member of members) bits[member >>> 5]! |= 1 << (member & 31);
  return bits;
}

export function hasBit(bits: Bitset, member: number): boolean {
  return ((bits[member >>> 5] ?? 0) & (1 << (member & 31))) !== 0;
}

export function setBit(bits: Bitset, member: number): void {
  bits[member >>> 5]! |= 1 << (member & 31);
}

/** Bits set in one word (SWAR popcount). */
export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export function countBits(bits: Bitset): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) count += popcount32(bits[i]!);
  return count;
}

/** |a ∩ b| without building the intersection. */
export function countAnd(a: Bitset, b: Bitset): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) count += popcount32(a[i]! & b[i]!);
  return count;
}

/** a ∩= b, in place. */
export function andInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
  return a;
}

/** a ∖= b (a and not b), in place. */
export function andNotInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! &= ~b[i]!;
  return a;
}

/** a ∪= b, in place. */
export function orInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
  return a;
}

/** The members in ascending order (for tests and debugging; requests never list a whole set). */
export function membersOf(bits: Bitset): number[] {
  const members: number[] = [];
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      members.push(i * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return members;
}
