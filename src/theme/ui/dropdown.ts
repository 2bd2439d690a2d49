/**
 * The custom dropdown's behaviour (a WAI-ARIA select-only combobox), wired
 * by delegation on the document so markup the server sends later — a
 * collection fragment swapped in after filtering — works without setup.
 * The native select beside it keeps the value: it is what the form submits,
 * and a change on it fires the same `change` event a shopper's native pick
 * would, so the page's own handlers need not know about the dropdown.
 */
import { dropdownKeyAction, typeAheadMatch } from "./dropdown-keys.ts";

/** Typed letters within this time form one search string. */
const TYPE_AHEAD_RESET_MS = 500;

interface Parts {
  root: HTMLElement;
  select: HTMLSelectElement;
  combo: HTMLElement;
  list: HTMLElement;
  options: HTMLElement[];
}

function partsOf(target: EventTarget | null): Parts | null {
  if (!(target instanceof Element)) return null;
  const root = target.closest<HTMLElement>("[data-dropdown]");
  const select = root?.querySelector("select");
  const combo = root?.querySelector<HTMLElement>('[role="combobox"]');
  const list = root?.querySelector<HTMLElement>('[role="listbox"]');
  if (!root || !select || !combo || !list) return null;
  return { root, select, combo, list, options: [...list.querySelectorAll<HTMLElement>('[role="option"]')] };
}

const isOpen = ({ combo }: Parts) => combo.getAttribute("aria-expanded") === "true";
const selectedIndex = ({ options }: Parts) => Math.max(0, options.findIndex((option) => option.getAttribute("aria-selected") === "true"));
function activeIndex(parts: Parts): number {
  const id = parts.combo.getAttribute("aria-activedescendant");
  const index = parts.options.findIndex((option) => option.id === id);
  return index >= 0 ? index : selectedIndex(parts);
}

function setActive(parts: Parts, index: number): void {
  parts.options.forEach((option, i) => option.classList.toggle("is-active", i === index));
  const option = parts.options[index];
  if (!option) return;
  parts.combo.setAttribute("aria-activedescendant", option.id);
  option.scrollIntoView({ block: "nearest" });
}

function open(parts: Parts, index: number): void {
  parts.list.hidden = false;
  parts.combo.setAttribute("aria-expanded", "true");
  setActive(parts, index);
}

function close(parts: Parts): void {
  parts.list.hidden = true;
  parts.combo.setAttribute("aria-expanded", "false");
  parts.combo.removeAttribute("aria-activedescendant");
  parts.options.forEach((option) => option.classList.remove("is-active"));
}

function commit(parts: Parts, index: number): void {
  const option = parts.options[index];
  if (!option) return;
  parts.options.forEach((item, i) => item.setAttribute("aria-selected", String(i === index)));
  const label = parts.combo.querySelector("[data-dropdown-value]") ?? parts.combo;
  label.textContent = option.textContent;
  const value = option.dataset.value ?? "";
  if (parts.select.value === value) return;
  parts.select.value = value;
  parts.select.dispatchEvent(new Event("input", { bubbles: true }));
  parts.select.dispatchEvent(new Event("change", { bubbles: true }));
}

let typed = "";
let typedAt = 0;

function onKeyDown(event: KeyboardEvent): void {
  const target = event.target as Element | null;
  if (!target?.matches?.('[data-dropdown] [role="combobox"]')) return;
  const parts = partsOf(target);
  if (!parts) return;
  const openNow = isOpen(parts);
  const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  const now = performance.now();
  if (now - typedAt > TYPE_AHEAD_RESET_MS) typed = "";
  // Space while a search string is being typed belongs to it.
  if (printable && (event.key !== " " || typed)) {
    event.preventDefault();
    typed += event.key;
    typedAt = now;
    const match = typeAheadMatch(parts.options.map((option) => option.textContent ?? ""), typed, activeIndex(parts));
    if (match < 0) return;
    if (openNow) setActive(parts, match);
    else open(parts, match);
    return;
  }
  const action = dropdownKeyAction({ key: event.key, altKey: event.altKey, open: openNow, active: activeIndex(parts), count: parts.options.length });
  switch (action.kind) {
    case "none":
      return;
    case "open":
      open(parts, action.active);
      break;
    case "move":
      setActive(parts, action.active);
      break;
    case "close":
      close(parts);
      break;
    case "commit":
      close(parts);
      commit(parts, action.active);
      if (action.keepFocusMove) return;
      break;
  }
  event.preventDefault();
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  // The visible label points at the hidden native select: send focus to the combobox instead.
  const label = target.closest<HTMLLabelElement>("label[for]");
  if (label) {
    const select = document.getElementById(label.htmlFor);
    const combo = select?.closest("[data-dropdown]")?.querySelector<HTMLElement>('[role="combobox"]');
    if (combo && select instanceof HTMLSelectElement && getComputedStyle(select).display === "none") {
      event.preventDefault();
      combo.focus();
    }
    return;
  }
  const parts = partsOf(target);
  if (!parts) return;
  const option = target.closest<HTMLElement>('[role="option"]');
  if (option) {
    close(parts);
    commit(parts, parts.options.indexOf(option));
    parts.combo.focus();
  } else if (target.closest('[role="combobox"]')) {
    if (isOpen(parts)) close(parts);
    else open(parts, selectedIndex(parts));
  }
}

function onPointerDown(event: PointerEvent): void {
  // Picking an option with the pointer must not blur the combobox first.
  if ((event.target as Element | null)?.closest?.('[data-dropdown] [role="listbox"]')) event.preventDefault();
}

/**
 * A mouse moving over an option makes it the active one. Only a real move
 * counts: a list opening under a pointer that stands still (browsers then
 * send "over" events without a move) must not take the keyboard's place,
 * and a touch has no hover.
 */
function onPointerMove(event: PointerEvent): void {
  if (event.pointerType === "touch") return;
  const option = (event.target as Element | null)?.closest?.<HTMLElement>('[data-dropdown] [role="option"]');
  const parts = option ? partsOf(option) : null;
  if (!parts || !option) return;
  const index = parts.options.indexOf(option);
  if (index !== activeIndex(parts) || !option.classList.contains("is-active")) setActive(parts, index);
}

function onFocusOut(event: FocusEvent): void {
  const parts = partsOf(event.target);
  if (!parts || !isOpen(parts)) return;
  if (event.relatedTarget instanceof Node && parts.root.contains(event.relatedTarget)) return;
  // Leaving closes the list without changing the choice.
  close(parts);
}

let installed = false;

/** Installs the document listeners once; every dropdown on the page, now or later, then works. */
export function installDropdowns(): void {
  if (installed || typeof document === "undefined") return;
  installed = true;
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("click", onClick);
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("focusout", onFocusOut);
}
