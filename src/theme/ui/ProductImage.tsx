import { imageSrcSet, imageUrl } from "./product-image.ts";

interface ProductImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Eager and high priority for the picture most likely to be the largest paint. */
  priority?: "high" | "eager" | "lazy";
  className?: string;
}

/** A product picture served by width, always with its intrinsic size so the page never shifts. */
export function ProductImage({ src, alt, width, height, sizes, priority = "lazy", className }: ProductImageProps) {
  return (
    <img
      className={className}
      src={imageUrl(src, Math.min(640, width))}
      srcSet={imageSrcSet(src, width)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority === "lazy" ? "lazy" : "eager"}
      decoding={priority === "high" ? "sync" : "async"}
      {...(priority === "high" ? { fetchPriority: "high" as const } : {})}
    />
  );
}
