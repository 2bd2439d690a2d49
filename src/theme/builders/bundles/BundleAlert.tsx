import { useText } from "../../storefront/use-shop.ts";

/** The server's reason an add failed, in an alert the shopper can dismiss. */
export function BundleAlert({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  const text = useText();
  if (!message) return null;
  return (
    <div className="bundle__error" role="alert">
      <p>{message}</p>
      <button type="button" className="link-button" onClick={onDismiss}>
        {text("dismiss_error")}
      </button>
    </div>
  );
}
