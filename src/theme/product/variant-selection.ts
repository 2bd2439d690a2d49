/**
 * The product-page rules live in `src/core/product-rules.ts`; this keeps the
 * cart's import of the quantity cap working until it imports from core.
 */
export { QUANTITY_CAP } from "../../core/product-rules.ts";
