/**
 * Turns a product's art into PNG bytes with resvg (WebAssembly, so no native
 * addon). The wasm module is read from node_modules and initialised once, on
 * the first render.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import type { ProductArt } from "../seed/types.ts";
import { productArtSvg } from "./product-art.ts";

let wasmReady: Promise<void> | null = null;

function wasmPath(): string {
  const specifier = "@resvg/resvg-wasm/index_bg.wasm";
  try {
    return fileURLToPath(import.meta.resolve(specifier));
  } catch {
    // Some module runners (a bundled server build, Vitest) do not offer import.meta.resolve.
    return createRequire(import.meta.url).resolve(specifier);
  }
}

function ensureWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const bytes = await readFile(wasmPath());
    try {
      await initWasm(bytes);
    } catch (error) {
      // Another copy of this module (for example the dev server's) initialised the shared wasm instance already.
      if (!(error instanceof Error && error.message.includes("Already initialized"))) throw error;
    }
  })().catch((error: unknown) => {
    wasmReady = null;
    throw error;
  });
  return wasmReady;
}

/** The product picture as a square PNG `width` pixels wide. */
export async function renderProductPng(art: ProductArt, width: number): Promise<Uint8Array> {
  if (!Number.isInteger(width) || width < 1 || width > 4096) {
    throw new RangeError(`Image width must be a whole number from 1 to 4096, got ${width}`);
  }
  await ensureWasm();
  const resvg = new Resvg(productArtSvg(art, width), {
    fitTo: { mode: "width", value: width },
    font: { loadSystemFonts: false },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
