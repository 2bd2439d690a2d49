/**
 * The stage: the one store of what is on screen that every overlay registers
 * with (the cookie banner while open, the side cart and the shopper's other
 * dialogs, every popup) and that the shopper's tasks are told to (the page
 * they are on, a builder in progress, typing in a field). Popups ask it
 * before they open, through `claimPopup`, which decides by the rule in
 * `core/marketing/overlays.ts` and registers in the same step, so two popups can never
 * both win. React reads it with `useSyncExternalStore`.
 */
import { useEffect, useSyncExternalStore } from "react";
import { type Overlay, type PopupVerdict, type ShopperTask, type Stage, isTypingField, popupMayOpen } from "../../../core/marketing/overlays.ts";

/** Marks a popup's root, so typing in its own fields (the newsletter popup's email) is not a task it must step aside for. */
export const STAGE_POPUP_ATTRIBUTE = "data-stage-popup";

const overlays = new Map<symbol, Overlay>();
const tasks = new Map<symbol, ShopperTask>();
let typing = false;
let stage: Stage = { overlays: [], tasks: [], quietSince: null };
const listeners = new Set<() => void>();

const busy = (current: Stage) => current.tasks.length > 0 || current.overlays.some((overlay) => overlay.kind === "dialog");

function publish(): void {
  const next: Stage = {
    overlays: [...overlays.values()],
    tasks: [...new Set([...tasks.values(), ...(typing ? (["typing"] as const) : [])])],
    quietSince: stage.quietSince,
  };
  // The quiet moment is counted from the end of the shopper's last task or dialog.
  if (busy(stage) && !busy(next)) next.quietSince = Date.now();
  stage = next;
  for (const listener of listeners) listener();
}

function onFocusChange(): void {
  const active = document.activeElement;
  const now = isTypingField(active as HTMLInputElement | null) && !active?.closest(`[${STAGE_POPUP_ATTRIBUTE}]`);
  if (now === typing) return;
  typing = now;
  publish();
}

let watchingFocus = false;
function watchFocus(): void {
  if (watchingFocus || typeof document === "undefined") return;
  watchingFocus = true;
  // focusout fires before the next element has focus: look once it has.
  document.addEventListener("focusin", onFocusChange);
  document.addEventListener("focusout", () => queueMicrotask(onFocusChange));
  onFocusChange();
}

export function subscribeStage(listener: () => void): () => void {
  watchFocus();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentStage(): Stage {
  return stage;
}

const serverStage: Stage = { overlays: [], tasks: [], quietSince: null };

/** What is on screen, for a component that draws from it. */
export function useStage(): Stage {
  return useSyncExternalStore(
    subscribeStage,
    currentStage,
    () => serverStage,
  );
}

/** Puts an overlay on the stage; the returned function takes it off. */
export function registerOverlay(overlay: Overlay): () => void {
  const key = Symbol(overlay.id);
  overlays.set(key, overlay);
  publish();
  return () => {
    if (overlays.delete(key)) publish();
  };
}

/**
 * A popup asks to open: when the rule allows it, it is on the stage at once
 * and the answer carries the function that takes it off; otherwise the
 * answer says what it waits for.
 */
export function claimPopup(popup: { id: string; modal: boolean }): { open: true; release: () => void } | Extract<PopupVerdict, { open: false }> {
  watchFocus();
  const verdict = popupMayOpen(stage, popup, Date.now());
  if (!verdict.open) return verdict;
  return { open: true, release: registerOverlay({ ...popup, kind: "popup" }) };
}

/** Keeps an overlay the shopper opened (a dialog) or the cookie banner on the stage while `overlay` is given. */
export function useOverlay(overlay: Overlay | null): void {
  const id = overlay?.id;
  const kind = overlay?.kind;
  const modal = overlay?.modal;
  useEffect(() => {
    if (id === undefined || kind === undefined || modal === undefined) return;
    return registerOverlay({ id, kind, modal });
  }, [id, kind, modal]);
}

/** Tells the stage the shopper is at a task (buying, signing in, building a kit) while `task` is given. */
export function useShopperTask(task: ShopperTask | null): void {
  useEffect(() => {
    if (!task) return;
    const key = Symbol(task);
    tasks.set(key, task);
    publish();
    return () => {
      tasks.delete(key);
      publish();
    };
  }, [task]);
}
