import { use } from "react";
import type * as Chooser from "../../builders/bundles/BundleChooser.tsx";
import type { BundleChooserProps } from "../../builders/bundles/BundleChooser.tsx";
import { ChunkBoundary } from "../../chunks/ChunkBoundary.tsx";
import { defineChunk } from "../../chunks/chunks.ts";
import { useText } from "../../storefront/use-shop.ts";

/** The bundle chooser's code, its own chunk, loaded once, on demand. */
const chooserChunk = defineChunk<typeof Chooser>("bundle chooser", () => import("../../builders/bundles/BundleChooser.tsx"));

// A page the server rendered with a chooser starts loading its code as soon as this module runs,
// alongside the page's other modules and before hydration reaches the chooser.
if (typeof document !== "undefined" && document.querySelector("[data-bundle-chooser]")) chooserChunk.load().catch(() => undefined);

/**
 * The product page's bundle chooser, whose code (its own chunk) only
 * products with a bundle load. Deliberately without a Suspense boundary of
 * its own: while the code is on its way, hydration (or a client navigation,
 * a transition) simply waits for it and keeps the server's HTML (or the
 * previous page) on screen. A boundary would show a fallback instead, and
 * React throws a dehydrated boundary's HTML away when a router update reaches
 * it first: both move the page. When the code does not load, the chooser's
 * place says so and offers to try again.
 */
export function BundleChooserSlot(props: BundleChooserProps) {
  return (
    <ChunkBoundary fallback={(retry) => <ChooserNotLoaded retry={retry} />}>
      <LoadedChooser {...props} />
    </ChunkBoundary>
  );
}

function LoadedChooser(props: BundleChooserProps) {
  const module = chooserChunk.loaded() ?? use(chooserChunk.load());
  return <module.default {...props} />;
}

function ChooserNotLoaded({ retry }: { retry: () => void }) {
  const text = useText();
  return (
    <div className="alert" role="alert">
      <p>{text("chunk_load_error")}</p>
      <button type="button" className="link-button" onClick={retry}>
        {text("retry")}
      </button>
    </div>
  );
}
