/**
 * Flat illustrations of product containers, drawn as SVG from a `ProductArt`
 * description, so the shop needs no downloaded photography.
 *
 * Label text is drawn as stroked vector paths from a small built-in stroke
 * alphabet rather than with `<text>`: resvg-wasm has no system fonts and draws
 * no glyphs unless a font file is loaded, and we want neither a vendored font
 * nor a dependency on fonts installed on the machine. Strokes also render the
 * same in every browser. Flat fills (no gradients, no blur) keep the PNGs small.
 */
import type { ProductArt } from "../seed/types.ts";

/** Side of the square drawing space; every coordinate below is in these units. */
const VIEW = 400;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, "");
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return [200, 200, 200];
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("")}`;
}

/** `a` moved towards `b` by `t` (0 keeps `a`, 1 gives `b`). */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function luminance(hex: string): number {
  const lin = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
}

// --- Stroke alphabet --------------------------------------------------------
// Each glyph sits in a 4 x 6 box (y grows downwards) and is a list of
// polylines separated by "|", each a flat list of x y pairs.
const GLYPH_WIDTH = 4;
const GLYPH_HEIGHT = 6;
const GLYPH_ADVANCE = 5.3;

const O = "1 0 3 0 4 1 4 5 3 6 1 6 0 5 0 1 1 0";
const P = "0 6 0 0 3 0 4 1 4 2 3 3 0 3";
const GLYPHS: Record<string, string> = {
  A: "0 6 2 0 4 6|0.7 4 3.3 4",
  B: "0 3 0 0 2.8 0 3.8 1 3.8 2 2.8 3 0 3 0 6 3 6 4 5 4 4 3 3",
  C: "4 1 3 0 1 0 0 1 0 5 1 6 3 6 4 5",
  D: "0 0 0 6 2.5 6 4 4.5 4 1.5 2.5 0 0 0",
  E: "4 0 0 0 0 6 4 6|0 3 3 3",
  F: "4 0 0 0 0 6|0 3 3 3",
  G: "4 1 3 0 1 0 0 1 0 5 1 6 3 6 4 5 4 3.5 2.3 3.5",
  H: "0 0 0 6|4 0 4 6|0 3 4 3",
  I: "2 0 2 6|1 0 3 0|1 6 3 6",
  J: "4 0 4 5 3 6 1 6 0 5",
  K: "0 0 0 6|4 0 0 3.8|1.4 2.6 4 6",
  L: "0 0 0 6 4 6",
  M: "0 6 0 0 2 3.5 4 0 4 6",
  N: "0 6 0 0 4 6 4 0",
  O,
  P,
  Q: `${O}|2.6 4.6 4 6`,
  R: `${P}|2.2 3 4 6`,
  S: "4 1 3 0 1 0 0 1 0 2 1 3 3 3 4 4 4 5 3 6 1 6 0 5",
  T: "0 0 4 0|2 0 2 6",
  U: "0 0 0 5 1 6 3 6 4 5 4 0",
  V: "0 0 2 6 4 0",
  W: "0 0 1 6 2 2.5 3 6 4 0",
  X: "0 0 4 6|4 0 0 6",
  Y: "0 0 2 3 4 0|2 3 2 6",
  Z: "0 0 4 0 0 6 4 6",
  "0": `${O}|3.6 0.8 0.4 5.2`,
  "1": "1 1 2 0 2 6|1 6 3 6",
  "2": "0 1 1 0 3 0 4 1 4 2 0 6 4 6",
  "3": "0 1 1 0 3 0 4 1 4 2 3 3 4 4 4 5 3 6 1 6 0 5|1.5 3 3 3",
  "4": "3 6 3 0 0 4 4 4",
  "5": "4 0 0 0 0 3 3 3 4 4 4 5 3 6 1 6 0 5",
  "6": "4 1 3 0 1 0 0 1 0 5 1 6 3 6 4 5 4 4 3 3 0 3",
  "7": "0 0 4 0 1.5 6",
  "8": "1 0 3 0 4 1 4 2 3 3 1 3 0 2 0 1 1 0|1 3 0 4 0 5 1 6 3 6 4 5 4 4 3 3",
  "9": "0 5 1 6 3 6 4 5 4 1 3 0 1 0 0 1 0 2 1 3 4 3",
  "&": "4 6 1 2 1 1 2 0 3 1 3 2 0 4 0 5 1 6 2 6 4 3.5",
  "-": "1 3 3 3",
  "+": "2 1.5 2 4.5|0.5 3 3.5 3",
  ".": "1.8 6 2.2 6",
  ",": "2.2 5.6 1.6 7",
  "'": "2 0 2 1.6",
  "/": "0.5 6 3.5 0",
  "%": "0 6 4 0|0.6 0.6 0.6 1.2|3.4 4.8 3.4 5.4",
  "!": "2 0 2 4|2 5.8 2 6",
  ":": "2 1.8 2 2.2|2 5.8 2 6",
  "£": "3.5 0.6 2.5 0 1.5 0.6 1.5 6|0 6 4 6|0.3 3 3 3",
  "$": "4 1 3 0.5 1 0.5 0 1.5 1 3 3 3 4 4.5 3 5.5 1 5.5 0 5|2 0 2 6",
  "€": "4 1 3 0 1 0 0 1 0 5 1 6 3 6 4 5|-0.6 2.5 2.6 2.5|-0.6 3.5 2.6 3.5",
};

/** Upper-cases and strips accents so every character maps to a glyph; unknown characters become spaces. */
function normaliseLabel(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/\s+/g, " ")
    .trim();
}

function lineWidth(line: string): number {
  return line.length === 0 ? 0 : (line.length - 1) * GLYPH_ADVANCE + GLYPH_WIDTH;
}

function round(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function linePath(line: string, left: number, top: number, unit: number): string {
  let d = "";
  [...line].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const x0 = left + i * GLYPH_ADVANCE * unit;
    for (const stroke of glyph.split("|")) {
      const nums = stroke.trim().split(/\s+/).map(Number);
      for (let k = 0; k + 1 < nums.length; k += 2) {
        d += `${k === 0 ? "M" : "L"}${round(x0 + (nums[k] ?? 0) * unit)} ${round(top + (nums[k + 1] ?? 0) * unit)}`;
      }
    }
  });
  return d;
}

/** Splits words into two lines of balanced width. */
function twoLines(words: string[]): [string, string] {
  let best: [string, string] = [words.join(" "), ""];
  let bestWidth = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const a = words.slice(0, cut).join(" ");
    const b = words.slice(cut).join(" ");
    const width = Math.max(a.length, b.length);
    if (width < bestWidth) {
      best = [a, b];
      bestWidth = width;
    }
  }
  return best;
}

/** The label text as one stroked path centred in a box, on one line or, if that is much smaller, two. */
function strokeText(text: string, box: Box, ink: string): string {
  const label = normaliseLabel(text);
  if (!label) return "";
  const maxUnit = box.h / GLYPH_HEIGHT;
  const oneUnit = Math.min(maxUnit * 0.62, box.w / lineWidth(label));
  let lines = [label];
  let unit = oneUnit;
  const words = label.split(" ");
  if (words.length > 1 && oneUnit < maxUnit * 0.4) {
    const pair = twoLines(words);
    const twoUnit = Math.min(box.h / (GLYPH_HEIGHT * 2 + 3), box.w / Math.max(lineWidth(pair[0]), lineWidth(pair[1])));
    if (twoUnit > oneUnit * 1.15) {
      lines = pair;
      unit = twoUnit;
    }
  }
  const lineGap = 3 * unit;
  const blockHeight = lines.length * GLYPH_HEIGHT * unit + (lines.length - 1) * lineGap;
  let top = box.y + (box.h - blockHeight) / 2;
  let d = "";
  for (const line of lines) {
    d += linePath(line, box.x + (box.w - lineWidth(line) * unit) / 2, top, unit);
    top += GLYPH_HEIGHT * unit + lineGap;
  }
  const width = Math.max(1.2, unit * 0.85);
  return `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${round(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

// --- Shapes -----------------------------------------------------------------

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Palette {
  body: string;
  shade: string;
  cap: string;
  capLight: string;
  label: string;
  ink: string;
  highlight: string;
}

interface Drawing {
  /** Container parts drawn before the label. */
  parts: string;
  /** Where the label band goes; null when the label is printed straight on the container. */
  band: (Box & { r: number }) | null;
  /** Where the label text goes. */
  text: Box;
  /** Shadow ellipse under the object. */
  shadow: { rx: number; cy: number };
  /** Optional rotation of the whole object, degrees. */
  tilt?: number;
}

function rect(b: Box, r: number, fill: string, extra = ""): string {
  return `<rect x="${round(b.x)}" y="${round(b.y)}" width="${round(b.w)}" height="${round(b.h)}" rx="${round(r)}" fill="${fill}"${extra}/>`;
}

/** A rounded body with its right side in shade and a glossy strip on the left. */
function shadedBody(id: string, b: Box, r: number, p: Palette): string {
  const clip = `${id}-body`;
  return (
    `<clipPath id="${clip}">${rect(b, r, "#000")}</clipPath>` +
    `<g clip-path="url(#${clip})">` +
    rect(b, 0, p.body) +
    rect({ x: b.x + b.w * 0.78, y: b.y, w: b.w * 0.22, h: b.h }, 0, p.shade) +
    rect({ x: b.x + b.w * 0.09, y: b.y + Math.min(18, b.h * 0.1), w: Math.max(6, b.w * 0.07), h: b.h - Math.min(36, b.h * 0.2) }, Math.max(3, b.w * 0.035), p.highlight, ` opacity="0.35"`) +
    `</g>`
  );
}

function band(b: Box, r: number): Box & { r: number } {
  return { ...b, r };
}

function inset(b: Box, dx: number, dy: number): Box {
  return { x: b.x + dx, y: b.y + dy, w: b.w - 2 * dx, h: b.h - 2 * dy };
}

function drawBottle(id: string, p: Palette): Drawing {
  const body = { x: 140, y: 150, w: 120, h: 190 };
  const label = { x: 150, y: 202, w: 100, h: 92 };
  return {
    parts:
      rect({ x: 178, y: 126, w: 44, h: 30 }, 4, p.shade) +
      rect({ x: 168, y: 76, w: 64, h: 56 }, 10, p.cap) +
      rect({ x: 168, y: 116, w: 64, h: 8 }, 0, p.capLight) +
      shadedBody(id, body, 24, p),
    band: band(label, 6),
    text: inset(label, 5, 14),
    shadow: { rx: 78, cy: 342 },
  };
}

function drawDropper(id: string, p: Palette): Drawing {
  const body = { x: 146, y: 166, w: 108, h: 174 };
  const label = { x: 154, y: 222, w: 92, h: 82 };
  return {
    parts:
      rect({ x: 183, y: 70, w: 34, h: 76 }, 17, p.capLight) +
      rect({ x: 183, y: 118, w: 34, h: 10 }, 0, p.cap) +
      rect({ x: 170, y: 136, w: 60, h: 36 }, 6, p.cap) +
      shadedBody(id, body, 20, p) +
      rect({ x: 195, y: 172, w: 10, h: 44 }, 5, p.highlight, ` opacity="0.3"`),
    band: band(label, 6),
    text: inset(label, 5, 13),
    shadow: { rx: 72, cy: 342 },
  };
}

function drawPump(id: string, p: Palette): Drawing {
  const body = { x: 138, y: 152, w: 124, h: 188 };
  const label = { x: 148, y: 206, w: 104, h: 90 };
  return {
    parts:
      rect({ x: 193, y: 98, w: 14, h: 34 }, 3, p.cap) +
      rect({ x: 166, y: 78, w: 64, h: 26 }, 9, p.cap) +
      rect({ x: 222, y: 82, w: 52, h: 13 }, 6, p.cap) +
      rect({ x: 171, y: 126, w: 58, h: 32 }, 6, p.capLight) +
      shadedBody(id, body, 28, p),
    band: band(label, 6),
    text: inset(label, 5, 14),
    shadow: { rx: 80, cy: 342 },
  };
}

function drawJar(id: string, p: Palette): Drawing {
  const body = { x: 100, y: 226, w: 200, h: 114 };
  const label = { x: 118, y: 250, w: 164, h: 66 };
  return {
    parts:
      shadedBody(id, body, 30, p) +
      rect({ x: 92, y: 176, w: 216, h: 60 }, 14, p.cap) +
      rect({ x: 92, y: 222, w: 216, h: 10 }, 0, p.capLight) +
      rect({ x: 110, y: 186, w: 10, h: 30 }, 5, p.highlight, ` opacity="0.25"`),
    band: band(label, 8),
    text: inset(label, 12, 12),
    shadow: { rx: 118, cy: 342 },
  };
}

function drawTube(id: string, p: Palette): Drawing {
  const clip = `${id}-tube`;
  const outline = "M146 98 L254 98 L232 296 L168 296 Z";
  const label = { x: 166, y: 138, w: 68, h: 118 };
  return {
    parts:
      rect({ x: 160, y: 290, w: 80, h: 50 }, 9, p.cap) +
      rect({ x: 160, y: 290, w: 80, h: 8 }, 0, p.capLight) +
      `<clipPath id="${clip}"><path d="${outline}" stroke="#000" stroke-width="10" stroke-linejoin="round"/></clipPath>` +
      `<g clip-path="url(#${clip})">` +
      `<path d="${outline}" fill="${p.body}" stroke="${p.body}" stroke-width="10" stroke-linejoin="round"/>` +
      `<path d="M226 92 L262 92 L238 302 L214 302 Z" fill="${p.shade}"/>` +
      `<path d="M160 110 L170 110 L178 280 L172 280 Z" fill="${p.highlight}" opacity="0.35"/>` +
      `</g>` +
      rect({ x: 138, y: 68, w: 124, h: 32 }, 4, p.shade) +
      [76, 84, 92].map((y) => rect({ x: 144, y, w: 112, h: 2 }, 1, p.body, ` opacity="0.6"`)).join(""),
    band: band(label, 6),
    text: inset(label, 4, 14),
    shadow: { rx: 66, cy: 342 },
  };
}

function drawSpray(id: string, p: Palette): Drawing {
  const body = { x: 148, y: 150, w: 104, h: 190 };
  const label = { x: 156, y: 206, w: 88, h: 90 };
  return {
    parts:
      rect({ x: 183, y: 92, w: 34, h: 42 }, 8, p.cap) +
      `<circle cx="209" cy="106" r="4" fill="${p.capLight}"/>` +
      [0, 1, 2].map((i) => `<circle cx="${234 + i * 16}" cy="${102 - i * 6 + (i % 2) * 8}" r="${4 - i}" fill="${p.shade}" opacity="0.45"/>`).join("") +
      rect({ x: 175, y: 128, w: 50, h: 28 }, 5, p.capLight) +
      shadedBody(id, body, 40, p),
    band: band(label, 6),
    text: inset(label, 5, 14),
    shadow: { rx: 70, cy: 342 },
  };
}

function drawBox(_id: string, p: Palette): Drawing {
  const front = { x: 120, y: 124, w: 160, h: 216 };
  const label = { x: 120, y: 196, w: 160, h: 84 };
  return {
    parts:
      `<path d="M120 124 L148 104 L308 104 L280 124 Z" fill="${mix(p.body, "#ffffff", 0.25)}"/>` +
      `<path d="M280 124 L308 104 L308 320 L280 340 Z" fill="${p.shade}"/>` +
      rect(front, 3, p.body) +
      rect({ x: 120, y: 284, w: 160, h: 6 }, 0, p.cap) +
      rect({ x: 132, y: 136, w: 8, h: 48 }, 4, p.highlight, ` opacity="0.3"`),
    band: band(label, 0),
    text: inset(label, 16, 14),
    shadow: { rx: 104, cy: 342 },
  };
}

function zigzag(x: number, y: number, w: number, teeth: number, depth: number, down: boolean): string {
  const step = w / teeth;
  let d = `M${round(x)} ${round(y)}`;
  for (let i = 0; i < teeth; i++) {
    d += ` L${round(x + step * (i + 0.5))} ${round(down ? y + depth : y - depth)} L${round(x + step * (i + 1))} ${round(y)}`;
  }
  return d;
}

function drawSachet(_id: string, p: Palette): Drawing {
  const label = { x: 138, y: 168, w: 124, h: 94 };
  const top = `${zigzag(118, 104, 164, 12, 7, false)} L282 130 L118 130 Z`;
  const bottom = `${zigzag(118, 322, 164, 12, 7, true)} L282 296 L118 296 Z`;
  return {
    parts:
      rect({ x: 118, y: 102, w: 164, h: 222 }, 6, p.body) +
      rect({ x: 240, y: 102, w: 42, h: 222 }, 0, p.shade) +
      `<path d="${top}" fill="${p.cap}"/>` +
      `<path d="${bottom}" fill="${p.cap}"/>` +
      rect({ x: 130, y: 140, w: 8, h: 146 }, 4, p.highlight, ` opacity="0.3"`),
    band: band(label, 8),
    text: inset(label, 10, 14),
    shadow: { rx: 96, cy: 346 },
    tilt: -6,
  };
}

function drawCard(_id: string, p: Palette): Drawing {
  const ribbon = mix(p.body, "#f1d29a", 0.78);
  const bow = mix(ribbon, "#000000", 0.12);
  return {
    parts:
      rect({ x: 66, y: 112, w: 268, h: 170 }, 18, p.body) +
      rect({ x: 246, y: 112, w: 22, h: 170 }, 0, ribbon) +
      rect({ x: 66, y: 234, w: 268, h: 16 }, 0, ribbon) +
      `<path d="M257 242 L229 224 L233 258 Z" fill="${bow}"/>` +
      `<path d="M257 242 L285 224 L281 258 Z" fill="${bow}"/>` +
      `<circle cx="257" cy="242" r="8" fill="${ribbon}"/>`,
    band: null,
    text: { x: 86, y: 140, w: 144, h: 72 },
    shadow: { rx: 140, cy: 330 },
    tilt: -7,
  };
}

const SHAPES: Record<ProductArt["shape"], (id: string, p: Palette) => Drawing> = {
  bottle: drawBottle,
  dropper: drawDropper,
  pump: drawPump,
  jar: drawJar,
  tube: drawTube,
  spray: drawSpray,
  box: drawBox,
  sachet: drawSachet,
  card: drawCard,
};

function paletteFor(art: ProductArt): Palette {
  const body = toHex(parseHex(art.color));
  const background = toHex(parseHex(art.background));
  const light = luminance(body) > 0.55;
  const cap = light ? mix(body, "#2b2a30", 0.72) : mix(body, "#1d1c22", 0.55);
  // A white label on a white jar disappears, so very light containers get a tinted band.
  const labelFill = luminance(body) > 0.75 ? mix(background, cap, 0.14) : mix("#fffdf8", body, 0.06);
  let ink = luminance(body) > 0.75 ? mix(cap, "#000000", 0.3) : mix(body, "#18171c", 0.62);
  if (luminance(ink) > 0.12) ink = mix(body, "#18171c", 0.82);
  return {
    body,
    shade: mix(body, "#000000", light ? 0.1 : 0.18),
    cap,
    capLight: mix(cap, "#ffffff", 0.18),
    label: labelFill,
    ink,
    highlight: "#ffffff",
  };
}

/** A short, stable id prefix so several drawings inlined in one page never share clip-path ids. */
function idFor(art: ProductArt): string {
  let h = 2166136261;
  for (const ch of `${art.shape}|${art.color}|${art.background}|${art.label}`) {
    h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  }
  return `pa${(h >>> 0).toString(36)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The product picture as a square SVG document `size` pixels wide. */
export function productArtSvg(art: ProductArt, size: number): string {
  const id = idFor(art);
  const p = paletteFor(art);
  const background = toHex(parseHex(art.background));
  const drawing = (SHAPES[art.shape] ?? drawBottle)(id, p);
  // The backdrop disc takes the product's tint; light products on light grounds get a plain deeper tone instead.
  let backdrop = mix(background, p.body, 0.16);
  if (Math.abs(luminance(backdrop) - luminance(background)) < 0.03) backdrop = mix(background, "#000000", 0.05);
  const shadow = mix(background, "#000000", 0.55);
  const cardInk = luminance(p.body) > 0.45 ? p.ink : mix(p.body, "#ffffff", 0.9);

  const labelBand = drawing.band ? rect(drawing.band, drawing.band.r, p.label) : "";
  const text = strokeText(art.label, drawing.text, drawing.band ? p.ink : cardInk);
  const object = drawing.parts + labelBand + text;
  const tilted = drawing.tilt ? `<g transform="rotate(${drawing.tilt} 200 220)">${object}</g>` : object;
  const px = Math.max(1, Math.round(size));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${VIEW} ${VIEW}" role="img" aria-label="${escapeXml(art.label)}">` +
    `<rect width="${VIEW}" height="${VIEW}" fill="${background}"/>` +
    `<circle cx="200" cy="206" r="152" fill="${backdrop}"/>` +
    `<ellipse cx="200" cy="${drawing.shadow.cy}" rx="${drawing.shadow.rx}" ry="12" fill="${shadow}" opacity="0.22"/>` +
    tilted +
    `</svg>`
  );
}
