import { describe, expect, it } from "vitest";
import { brotliDecompressSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import { brotliPieces, joinBrotliPieces, standIns } from "./brotli-pieces.ts";

const nonce = () => randomBytes(18).toString("base64");
const cut = (text: string, marker: string) => text.split(marker).map((part) => Buffer.from(part));
const page = (nonceAt: string, items: number) => {
  let html = `<!doctype html><html lang="fr"><head><script nonce="${nonceAt}">document.documentElement.classList.add('js')</script></head><body>`;
  for (let index = 0; index < items; index++) html += `<li class="card"><a href="/products/eau-de-rose-${index}">Eau de rose n°${index} — 12,50 €</a><script nonce="${nonceAt}">window.__card(${index})</script></li>`;
  return `${html}<script nonce="${nonceAt}" type="module" async="">import("/assets/entry.js")</script></body></html>`;
};

describe("a page kept in Brotli, cut at its nonces", () => {
  it("decodes to the page with any nonce of the same length put back, for many answers", async () => {
    for (const items of [0, 3, 40, 400]) {
      const parts = cut(page("STAND", items), "STAND");
      const pieces = await brotliPieces(parts, 24);
      expect(pieces).not.toBeNull();
      // Nonces ending in every base64 character: the bytes before a piece must not change how it decodes.
      for (const last of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") {
        const fresh = `${nonce().slice(0, 22)}${last}${last}`;
        expect(brotliDecompressSync(joinBrotliPieces(pieces!, Buffer.from(fresh))).toString()).toBe(page(fresh, items));
      }
    }
  });

  it("finishes for pieces that compress to more than the encoder's stream holds unread", async () => {
    // Random text hardly compresses: each piece is far past the stream's 16 KiB high-water mark.
    const body = [0, 1, 2].map(() => randomBytes(90_000).toString("base64")).join("~");
    const pieces = await brotliPieces(cut(body, "~"), 24);
    expect(pieces).not.toBeNull();
    expect(pieces![0]!.length).toBeGreaterThan(64 * 1024);
    const fresh = nonce();
    expect(brotliDecompressSync(joinBrotliPieces(pieces!, Buffer.from(fresh))).toString()).toBe(body.replaceAll("~", fresh));
  });

  it("takes a page without a nonce, and one that starts or ends with it", async () => {
    for (const body of ["<p>no scripts</p>", "N<p>between</p>N", "NN"]) {
      const pieces = await brotliPieces(cut(body, "N"), 24);
      const fresh = nonce();
      expect(brotliDecompressSync(joinBrotliPieces(pieces!, Buffer.from(fresh))).toString()).toBe(body.replaceAll("N", fresh));
    }
  });

  it("makes stand-ins of bytes the page lacks, no pair of bytes in a row twice", () => {
    const parts = cut(page("X", 50), "X");
    const stands = standIns(parts, 11, 24)!;
    expect(stands).toHaveLength(11);
    const inPage = new Set(parts.flatMap((part) => [...part]));
    const pairs = new Set<string>();
    for (const stand of stands) {
      expect(stand).toHaveLength(24);
      for (const byte of stand) expect(inPage.has(byte)).toBe(false);
      for (let index = 1; index < stand.length; index++) pairs.add(`${stand[index - 1]},${stand[index]}`);
    }
    expect(pairs.size).toBe(11 * 23);
  });

  it("declines a page with too few bytes left to make stand-ins of", async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
    expect(standIns([everyByte], 1, 24)).toBeNull();
    expect(await brotliPieces([everyByte, everyByte], 24)).toBeNull();
  });
});
