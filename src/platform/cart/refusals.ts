/**
 * Why the shop refused a cart change, as data. The services know nothing of
 * HTTP: the storefront API turns each kind into Shopify's status and body.
 */
export type CartRefusalKind =
  /** The request names no line or an impossible value (Shopify's 400). */
  | "bad_request"
  /** No such variant on sale (404 "Cannot find variant"). */
  | "variant_not_found"
  /** A cart rule says no: sold out, a gift not earned (422 "Cart Error"). */
  | "cart"
  /** Not enough stock for what was asked (422, message and description alike). */
  | "inventory"
  /** A value the shop cannot take, such as a quantity beyond the line limit (422). */
  | "unprocessable";

export interface CartRefusal {
  kind: CartRefusalKind;
  description: string;
}

/** Thrown inside a cart change to roll it back; carries the refusal. */
export class CartRefused extends Error {
  readonly refusal: CartRefusal;

  constructor(kind: CartRefusalKind, description: string) {
    super(description);
    this.name = "CartRefused";
    this.refusal = { kind, description };
  }
}

export const refusal = (kind: CartRefusalKind, description: string): CartRefusal => ({ kind, description });
