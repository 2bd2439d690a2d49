import { type CartRefusal, CartRefused } from "../cart/refusals.ts";

/** An error answered to the client in Shopify's JSON error shape. */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly body: Record<string, unknown>;

  constructor(httpStatus: number, body: Record<string, unknown>) {
    super(String(body.description ?? body.message ?? "error"));
    this.httpStatus = httpStatus;
    this.body = body;
  }
}

export const cartError = (httpStatus: number, description: string) =>
  new ApiError(httpStatus, { status: httpStatus, message: "Cart Error", description });

/** The 2025 generation of inventory errors: message and description carry the same text. */
export const inventoryError = (description: string) =>
  new ApiError(422, { status: 422, message: description, description });

export const badRequest = (description: string) =>
  new ApiError(400, { status: "bad_request", message: description, description });

export const unprocessable = (description: string) =>
  new ApiError(422, { status: "unprocessable_entity", message: description, description });

export const unsupportedMediaType = (description: string) =>
  new ApiError(415, { status: 415, message: "Unsupported Media Type", description });

export const notFound = (description = "Not found") => new ApiError(404, { status: 404, message: "Not Found", description });

export const variantNotFound = () => cartError(404, "Cannot find variant");

/** A cart refusal (data from the cart service) in Shopify's status and body. */
export function cartRefusalError(refusal: CartRefusal): ApiError {
  switch (refusal.kind) {
    case "bad_request":
      return badRequest(refusal.description);
    case "variant_not_found":
      return cartError(404, refusal.description);
    case "cart":
      return cartError(422, refusal.description);
    case "inventory":
      return inventoryError(refusal.description);
    case "unprocessable":
      return unprocessable(refusal.description);
  }
}

/** Any error a request ended with, as an API error when it is one the shop meant to give. */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof CartRefused) return cartRefusalError(error.refusal);
  return null;
}
