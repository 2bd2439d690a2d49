import { IMAGE_WIDTHS } from "../../core/catalog/product-pictures.ts";

/** The URL of a product picture at one rendered width. */
export function imageUrl(src: string, width: number): string {
  const [path = "", query = ""] = src.split("?");
  const params = new URLSearchParams(query);
  params.set("width", String(width));
  return `${path}?${params.toString()}`;
}

/** A `srcset` over the rendered widths up to the picture's own width. */
export function imageSrcSet(src: string, intrinsicWidth: number): string {
  const widths = IMAGE_WIDTHS.filter((width) => width <= Math.max(intrinsicWidth, IMAGE_WIDTHS[0]));
  return widths.map((width) => `${imageUrl(src, width)} ${width}w`).join(", ");
}
