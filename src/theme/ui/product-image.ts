/** Widths the image service renders; anything else is rounded up to one of these. */
const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

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
