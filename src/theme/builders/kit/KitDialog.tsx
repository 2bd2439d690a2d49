import { useText } from "../../storefront/use-shop.ts";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useOverlay } from "../../marketing/overlays/stage.ts";

interface KitDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A native modal `<dialog>` for the kit's popup and compare views: focus
 * moves in, the page behind is inert, Escape and the close button close it,
 * as does a click on the backdrop; focus returns to what opened it.
 */
export function KitDialog({ open, title, onClose, children, className = "" }: KitDialogProps) {
  const text = useText();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const id = useId();
  // The shopper's dialog: on the overlay stage while open, so no popup covers it.
  useOverlay(open ? { id: `dialog:${id}`, kind: "dialog", modal: true } : null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={`kit-dialog ${className}`}
      aria-labelledby={`${id}-title`}
      onClose={() => {
        onClose();
        opener.current?.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="kit-dialog__frame">
        <header className="kit-dialog__header">
          <h2 className="kit-dialog__title" id={`${id}-title`}>
            {title}
          </h2>
          <button type="button" className="kit-dialog__close" aria-label={text("popup_close")} onClick={() => dialog.current?.close()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="kit-dialog__body">{open ? children : null}</div>
      </div>
    </dialog>
  );
}
