import { describe, expect, it } from "vitest";
import type { ProductArt } from "../seed/types.ts";
import { productArtSvg } from "./product-art.ts";
import { renderProductPng } from "./render.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ihdrSize(png: Uint8Array): { width: number; height: number; chunk: string } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return {
    chunk: String.fromCharCode(...png.subarray(12, 16)),
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
}

const serum: ProductArt = { shape: "dropper", color: "#F28C28", background: "#FDEBD8", label: "Vitamin C" };

describe("renderProductPng", () => {
  it("renders a square PNG of the asked width", async () => {
    const png = await renderProductPng(serum, 320);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(ihdrSize(png)).toEqual({ chunk: "IHDR", width: 320, height: 320 });
    // Flat colours compress well; a card-sized picture stays small.
    expect(png.byteLength).toBeLessThan(40_000);
  });

  it("draws every container shape", async () => {
    const shapes: ProductArt["shape"][] = ["bottle", "dropper", "pump", "jar", "tube", "spray", "box", "sachet", "card"];
    for (const shape of shapes) {
      const png = await renderProductPng({ ...serum, shape, label: "Gift Card £50" }, 160);
      expect(ihdrSize(png)).toMatchObject({ width: 160, height: 160 });
    }
  });

  it("refuses widths it should not render", async () => {
    await expect(renderProductPng(serum, 0)).rejects.toThrow(RangeError);
    await expect(renderProductPng(serum, 10_000)).rejects.toThrow(RangeError);
  });
});

describe("productArtSvg", () => {
  it("draws the label as strokes, without text that would need a font", () => {
    const svg = productArtSvg(serum, 480);
    expect(svg).toMatch(/^<svg [^>]*width="480" height="480" viewBox="0 0 400 400"/);
    expect(svg).not.toContain("<text");
    expect(svg).toContain('aria-label="Vitamin C"');
  });

  it("escapes the label where it appears as text", () => {
    expect(productArtSvg({ ...serum, label: 'A "<b>" & C' }, 100)).not.toContain("<b>");
  });
});
