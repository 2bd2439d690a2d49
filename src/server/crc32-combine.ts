/**
 * The CRC-32 (gzip's) of two byte strings one after the other, from the
 * CRC-32 of each and the second's length, without reading their bytes:
 * zlib's `crc32_combine`, which Node does not expose. A kept page's gzip
 * answers take their checksum this way from the pieces' checksums, worked
 * out once, and the nonce's.
 */

/** The CRC-32 polynomial, reflected. */
const POLY = 0xedb88320;

/** a × b modulo the polynomial (reflected bit order, x^0 in the top bit). */
function multiplyModPoly(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_TWO_TO_THE = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multiplyModPoly(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** The operator that appends `length` bytes to a CRC: x^(8 × length) modulo the polynomial. */
export function crc32Shift(length: number): number {
  let power = 0x80000000;
  // Bytes are 2^3 bits: start at x^(2^3).
  for (let k = 3, n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) power = multiplyModPoly(X_TO_TWO_TO_THE[k & 31]!, power);
  return power;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and `crc32Shift` of B's length. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModPoly(shiftB, crcA) ^ crcB) >>> 0;
}
