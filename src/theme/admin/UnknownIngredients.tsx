import { parseInciList, unknownInciNames } from "../../core/catalog/inci.ts";

/** The saved list's names outside the shipped INCI list: a warning to check the spelling, never a refusal. */
export function UnknownIngredients({ ingredients }: { ingredients: string }) {
  const unknown = unknownInciNames(parseInciList(ingredients));
  if (unknown.length === 0) return null;
  return (
    <p className="admin-product__warning" role="note">
      Not in our list of INCI names, so check the spelling on the label: {unknown.join(", ")}. The list is saved as written.
    </p>
  );
}
