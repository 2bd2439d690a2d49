import type { ContentImage } from "../../core/content/content.ts";
import { ProductImage } from "../ui/ProductImage.tsx";

/** The picture heading an article or its card, at its intrinsic size so nothing shifts. */
export function ArticleImage({ image, sizes, priority }: { image: ContentImage; sizes: string; priority?: "high" | "lazy" }) {
  return <ProductImage className="article-image" src={image.src} alt={image.alt} width={image.width} height={image.height} sizes={sizes} {...(priority ? { priority } : {})} />;
}

/** A publication day in the site's language ("24 novembre 2026"), the same on the server and in the browser. */
export function articleDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}
