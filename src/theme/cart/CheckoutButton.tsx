import { Link } from "react-router";
import { CHECKOUT_PATH, isFramed, postGoToCheckout } from "./checkout-messages.ts";

/** Goes to /checkout; inside a frame it asks the top window to go there instead. */
export function CheckoutButton({ label, className = "button button--wide", onNavigate }: { label: string; className?: string; onNavigate?: () => void }) {
  return (
    <Link
      className={className}
      to={CHECKOUT_PATH}
      onClick={(event) => {
        if (isFramed()) {
          event.preventDefault();
          postGoToCheckout();
          return;
        }
        onNavigate?.();
      }}
    >
      {label}
    </Link>
  );
}
