import type { VariantJson } from "../../../core/contract/shopify-types.ts";
import type { BundleData } from "./bundle-data.ts";
import { MultiselectBundle } from "./MultiselectBundle.tsx";
import { PreselectedBundle } from "./PreselectedBundle.tsx";
import { VariantsBundle } from "./VariantsBundle.tsx";

export interface BundleChooserProps {
  bundle: BundleData;
  /** The product page's chosen variant, the parent of a variants bundle. */
  parentVariant: VariantJson | undefined;
}

/**
 * The product-page bundle chooser of the three types. Its own chunk: the
 * product page loads it only for a product that has a bundle.
 */
export default function BundleChooser({ bundle, parentVariant }: BundleChooserProps) {
  switch (bundle.definition.type) {
    case "variants":
      return <VariantsBundle bundle={bundle} parentVariant={parentVariant} />;
    case "preselected":
      return <PreselectedBundle bundle={bundle} />;
    case "multiselect":
      return <MultiselectBundle bundle={bundle} />;
  }
}
