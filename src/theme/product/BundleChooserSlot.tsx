import { Suspense, use } from "react";
import type { BundleChooserProps } from "../bundles/BundleChooser.tsx";

type ChooserModule = typeof import("../bundles/BundleChooser.tsx");

let chooser: ChooserModule | null = null;
let loading: Promise<ChooserModule> | null = null;

/** The bundle chooser's code, loaded once, on demand. */
function loadChooser(): Promise<ChooserModule> {
  loading ??= import("../bundles/BundleChooser.tsx").then((module) => (chooser = module));
  return loading;
}

// A page the server rendered with a chooser starts loading its code as soon as this module runs,
// before hydration: the chooser then hydrates with the page instead of waiting, dehydrated, for
// its code (where a router update arriving first would make React throw its HTML away and redraw it).
if (typeof document !== "undefined" && document.querySelector("[data-bundle-chooser]")) void loadChooser();

function LoadedChooser(props: BundleChooserProps) {
  const module = chooser ?? use(loadChooser());
  return <module.default {...props} />;
}

/**
 * The product page's bundle chooser, whose code (its own chunk) only
 * products with a bundle load. Server-rendered like the rest of the page.
 */
export function BundleChooserSlot(props: BundleChooserProps) {
  return (
    <Suspense fallback={<div className={`bundle bundle--${props.bundle.definition.type} bundle--loading`} aria-busy="true" data-bundle-chooser="" />}>
      <LoadedChooser {...props} />
    </Suspense>
  );
}
