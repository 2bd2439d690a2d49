/**
 * The one stage every overlay asks: what may open now, given what is on
 * screen. Three kinds of overlay share the screen:
 *
 * - the cookie banner, while it waits for the shopper's answer: never covered;
 * - dialogs the shopper opened (the side cart, the filter drawer, the bundle
 *   and kit picker dialogs): they always open, the shopper asked for them;
 * - popups the shop opens on its own (the marketing popups, the timed bundle
 *   popup): at most one modal at a time, and never while the shopper is
 *   buying or signing in. A popup waits for a quiet moment instead.
 *
 * Pure: the theme's stage store keeps what is on screen and asks these rules.
 */

export type OverlayKind = "banner" | "dialog" | "popup";

export interface Overlay {
  id: string;
  kind: OverlayKind;
  /** A modal overlay makes the page behind inert (the announcement and the cookie banner are not modal). */
  modal: boolean;
}

/** What the shopper is doing that a popup must not interrupt. */
export type ShopperTask = "cart" | "checkout" | "account" | "builder" | "typing";

export interface Stage {
  overlays: readonly Overlay[];
  tasks: readonly ShopperTask[];
  /** When the last task or dialog ended (epoch ms), or null when none has. */
  quietSince: number | null;
}

/** After the shopper finishes a task or closes a dialog, a popup waits this long before it may open. */
export const QUIET_MOMENT_MS = 3000;

export type PopupVerdict =
  | { open: true }
  /** Held: `until` is the moment to ask again, or null when only a change on the stage can release it. */
  | { open: false; waitingFor: "banner" | "dialog" | "popup" | ShopperTask | "quiet"; until: number | null };

/**
 * Whether a popup the shop wants to open (`id`) may open now. An unanswered
 * cookie banner holds it however long it takes; so does a dialog or a task of
 * the shopper's; another modal on screen holds a modal popup (the
 * announcement, not modal, is held only by another popup with the same id);
 * after the last task or dialog it waits for a quiet moment.
 */
export function popupMayOpen(stage: Stage, popup: { id: string; modal: boolean }, now: number): PopupVerdict {
  const others = stage.overlays.filter((overlay) => overlay.id !== popup.id);
  if (others.some((overlay) => overlay.kind === "banner")) return { open: false, waitingFor: "banner", until: null };
  if (others.some((overlay) => overlay.kind === "dialog")) return { open: false, waitingFor: "dialog", until: null };
  const task = stage.tasks[0];
  if (task) return { open: false, waitingFor: task, until: null };
  if (others.some((overlay) => overlay.kind === "popup" && (overlay.modal || popup.modal))) return { open: false, waitingFor: "popup", until: null };
  if (stage.quietSince !== null && now - stage.quietSince < QUIET_MOMENT_MS) return { open: false, waitingFor: "quiet", until: stage.quietSince + QUIET_MOMENT_MS };
  return { open: true };
}

/**
 * Whether a popup already on screen must step aside: the shopper opened a
 * dialog or began a task over it (it comes back at the next quiet moment),
 * or the cookie banner was opened again.
 */
export function popupMustStepAside(stage: Stage, popupId: string): boolean {
  const verdict = popupMayOpen({ ...stage, quietSince: null }, { id: popupId, modal: false }, 0);
  return !verdict.open && verdict.waitingFor !== "popup";
}

/** The pages where the shopper is buying or signing in, with or without a site's path prefix (`/fr/cart`). */
const TASK_PAGES: readonly [RegExp, ShopperTask][] = [
  [/^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/cart\/?$/i, "cart"],
  [/^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/checkout(?:\/|$)/i, "checkout"],
  [/^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/(?:account|challenge)(?:\/|$)/i, "account"],
];

/** The task a page is for (the cart page, the checkout, the account pages and the registration's challenge), or null. */
export function pageTask(pathname: string): ShopperTask | null {
  return TASK_PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** Typing in a field: focus in a text box, a text area or a select (buttons and checkboxes are not typing). */
export function isTypingField(element: { tagName: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!element) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image", "hidden"].includes((element.type ?? "text").toLowerCase());
}
