/**
 * Checkout from a framed shop: inside a frame the checkout button
 * posts `{type: "go-to-checkout"}` to the top window instead of navigating,
 * and a page that receives that message goes to /checkout. Pages may only be
 * framed by this origin (x-frame-options SAMEORIGIN), so the message is
 * addressed to, and only accepted from, this origin.
 */
export const GO_TO_CHECKOUT = "go-to-checkout";
export const CHECKOUT_PATH = "/checkout";

export function isFramed(win: Window = window): boolean {
  try {
    return win.top !== win.self;
  } catch {
    return true;
  }
}

export function postGoToCheckout(win: Window = window): void {
  win.top?.postMessage({ type: GO_TO_CHECKOUT }, win.location.origin);
}

export function isGoToCheckoutMessage(event: Pick<MessageEvent, "origin" | "data">, origin: string): boolean {
  const data: unknown = event.data;
  return event.origin === origin && typeof data === "object" && data !== null && (data as { type?: unknown }).type === GO_TO_CHECKOUT;
}
