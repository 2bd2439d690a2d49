/**
 * A kept page in Brotli with a fresh nonce in each answer, compressed once.
 *
 * One encoder compresses the page's pieces in order, flushed at each cut (so
 * each piece's bytes end on a byte boundary); where a nonce stands it is
 * given a stand-in of the same length, flushed on its own, whose output is
 * thrown away. An answer is the pieces' bytes with its own nonce between
 * them as uncompressed meta-blocks (RFC 7932, 9.2). The decoder then holds
 * the same positions as the encoder, and ends up in the same state after a
 * stand-in, because:
 * - the stand-ins are made of bytes that occur nowhere in the page, so no
 *   back-reference from the page's text can reach into one;
 * - no two bytes in a row occur twice among the stand-ins, so the encoder
 *   finds no back-reference (at least 2 bytes long) inside one either, and
 *   the last distances it carries on are the ones the decoder has;
 * - literal context modelling is off, so the two bytes before a piece (the
 *   stand-in's for the encoder, the nonce's for the decoder) choose nothing.
 * Each copy is decoded once with another nonce before it is used.
 */
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, constants as zlib, createBrotliCompress } from "node:zlib";

/** Quality 5: 24.4 KB for the demo's 100 KB product page (gzip 9: 26.0 KB; quality 11 22.5 KB at about 20 times the work). */
export const BROTLI_QUALITY = 5;

/** The largest meta-block length an uncompressed meta-block of four length nibbles carries. */
const MAX_STORED_LENGTH = 1 << 16;

/** A sequence over symbols 0 to size - 1 in which every ordered pair of symbols occurs once (a de Bruijn sequence of order 2). */
function everyPairOnce(size: number): number[] {
  const sequence: number[] = [];
  const word = new Array<number>(3).fill(0);
  const visit = (t: number, p: number) => {
    if (t > 2) {
      if (2 % p === 0) for (let j = 1; j <= p; j++) sequence.push(word[j]!);
      return;
    }
    word[t] = word[t - p]!;
    visit(t + 1, p);
    for (let j = word[t - p]! + 1; j < size; j++) {
      word[t] = j;
      visit(t + 1, t);
    }
  };
  visit(1, 1);
  // The sequence is cyclic: its first symbol again closes the last pair.
  sequence.push(sequence[0]!);
  return sequence;
}

/** `count` stand-ins of `length` bytes, made of bytes absent from `pieces`, with no pair of bytes in a row repeated among them; null when too few bytes are absent. */
export function standIns(pieces: readonly Buffer[], count: number, length: number): Buffer[] | null {
  const seen = new Uint8Array(256);
  for (const piece of pieces) for (const byte of piece) seen[byte] = 1;
  const absent = [...seen.keys()].filter((byte) => !seen[byte]);
  if (count === 0) return [];
  if (absent.length < 2) return null;
  const sequence = everyPairOnce(absent.length);
  if (count * length > sequence.length) return null;
  return Array.from({ length: count }, (_, index) => Buffer.from(sequence.slice(index * length, (index + 1) * length).map((symbol) => absent[symbol]!)));
}

/** An uncompressed meta-block holding `bytes`: not last, four length nibbles, MLEN - 1, uncompressed, padded to a byte. */
function storedMetaBlock(bytes: Buffer): Buffer {
  const block = Buffer.allocUnsafe(3 + bytes.length);
  block.writeUIntLE(((bytes.length - 1) << 3) | (1 << 19), 0, 3);
  bytes.copy(block, 3);
  return block;
}

/** The Brotli stream of the pieces with `nonce` between them. */
export function joinBrotliPieces(pieces: readonly Buffer[], nonce: Buffer): Buffer {
  const gap = storedMetaBlock(nonce);
  const body = Buffer.allocUnsafe(pieces.reduce((total, piece) => total + piece.length, 0) + gap.length * (pieces.length - 1));
  let at = 0;
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) at += gap.copy(body, at);
    at += piece.copy(body, at);
  }
  return body;
}

/**
 * The compressed pieces of a page cut at its nonces (each `nonceLength`
 * bytes), or null when the page cannot be kept this way. Runs on Node's
 * worker threads, not the event loop.
 */
export async function brotliPieces(parts: readonly Buffer[], nonceLength: number): Promise<Buffer[] | null> {
  if (nonceLength < 1 || nonceLength > MAX_STORED_LENGTH) return null;
  const stands = standIns(parts, parts.length - 1, nonceLength);
  if (!stands) return null;
  const size = parts.reduce((total, part) => total + part.length, 0) + nonceLength * stands.length;
  const encoder = createBrotliCompress({
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  // The encoder's output is read as it comes: left unread past the stream's high-water mark, it would hold back the flush below for ever.
  let unread: Buffer[] = [];
  const drain = () => {
    for (let chunk: Buffer | null; (chunk = encoder.read() as Buffer | null) !== null; ) unread.push(chunk);
  };
  encoder.on("readable", drain);
  // What the encoder has written since the last piece, once `kind` is done.
  const written = (kind: number) =>
    new Promise<Buffer>((resolve, reject) => {
      encoder.once("error", reject);
      encoder.flush(kind, () => {
        encoder.off("error", reject);
        drain();
        const piece = Buffer.concat(unread);
        unread = [];
        resolve(piece);
      });
    });
  const pieces: Buffer[] = [];
  try {
    for (const [index, part] of parts.entries()) {
      encoder.write(part);
      if (index === parts.length - 1) {
        pieces.push(await written(zlib.BROTLI_OPERATION_FINISH));
        break;
      }
      pieces.push(await written(zlib.BROTLI_OPERATION_FLUSH));
      encoder.write(stands[index]!);
      await written(zlib.BROTLI_OPERATION_FLUSH);
    }
  } finally {
    encoder.destroy();
  }
  // Decoded once with a nonce of the same length, before any shopper is sent it.
  const probe = Buffer.from(randomBytes(nonceLength).toString("base64").slice(0, nonceLength));
  const expected = Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [probe, part])));
  return brotliDecompressSync(joinBrotliPieces(pieces, probe)).equals(expected) ? pieces : null;
}
