import { use } from "react";
import type * as Chooser from "../bundles/BundleChooser.tsx";
import type { BundleChooserProps } from "../bundles/BundleChooser.tsx";

type ChooserModule = typeof Chooser;

let chooser: ChooserModule | null = null;
let loading: Promise<ChooserModule> | null = null;

/** The bundle chooser's code, loaded once, on demand. */
function loadChooser(): Promise<ChooserModule> {
  loading ??= import("../bundles/BundleChooser.tsx").then((module) => (chooser = module));
  return loading;
}

// A page the server rendered with a chooser starts loading its code as soon as this module runs,
// alongside the page's other modules and before hydration reaches the chooser.
if (typeof document !== "undefined" && document.querySelector("[data-bundle-chooser]")) void loadChooser();

/**
 * The product page's bundle chooser, whose code (its own chunk) only
 * products with a bundle load. Deliberately without a Suspense boundary of
 * its own: while the code is on its way, hydration (or a client navigation,
 * a transition) simply waits for it and keeps the server's HTML (or the
 * previous page) on screen. A boundary would show a fallback instead, and
 * React throws a dehydrated boundary's HTML away when a router update reaches
 * it first: both move the page.
 */
export function BundleChooserSlot(props: BundleChooserProps) {
  const module = chooser ?? use(loadChooser());
  return <module.default {...props} />;
}
