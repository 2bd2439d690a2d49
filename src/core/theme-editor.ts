/**
 * The theme editor's rules: the sections a previewed page has, and which
 * section the preview shows for Shopify's theme-editor events
 * (`shopify:section:select`, `:deselect`, `:load`, `:unload`).
 *
 * In design mode the selected section shows: a builder's selected stage is
 * drawn instead of the shopper's own, and a selected popup opens at once.
 * A section being re-rendered (unloaded, not yet loaded again) shows
 * nothing of itself; once loaded again it shows if it is still selected.
 * From its unload until the theme has drawn it again from fresh data, the
 * theme leaves the section's element to the editor, which puts the HTML the
 * Section Rendering API answered in it.
 */
import type { QuizStage } from "./quiz-builder.ts";
import type { RoutineScreen } from "./routine-builder.ts";

export type DesignEventType = "select" | "deselect" | "load" | "unload";

export const DESIGN_EVENT_TYPES: readonly DesignEventType[] = ["select", "deselect", "load", "unload"];

/** Shopify's event name for each type. */
export const designEventName = (type: DesignEventType): string => `shopify:section:${type}`;

export interface DesignEvent {
  type: DesignEventType;
  sectionId: string;
}

export interface DesignState {
  /** The section the merchant selected in the panel. */
  selected: string | null;
  /** A section unloaded and not loaded again yet. */
  unloaded: string | null;
  /** A section loaded again whose HTML the editor put in place, until the theme has redrawn it from fresh data. */
  redrawing: string | null;
}

export const initialDesignState: DesignState = { selected: null, unloaded: null, redrawing: null };

/** The state after one event. */
export function nextDesignState(state: DesignState, event: DesignEvent): DesignState {
  const id = event.sectionId;
  switch (event.type) {
    case "select":
      return { ...state, selected: id, unloaded: state.unloaded === id ? null : state.unloaded };
    case "deselect":
      return state.selected === id ? { ...state, selected: null } : state;
    case "unload":
      return { ...state, unloaded: id, redrawing: state.redrawing === id ? null : state.redrawing };
    case "load":
      return state.unloaded === id ? { ...state, unloaded: null, redrawing: id } : state;
  }
}

/** The state once the theme has drawn `sectionId` again from fresh data (ignored when it has been unloaded again meanwhile). */
export function redrawnDesignState(state: DesignState, sectionId: string): DesignState {
  return state.redrawing === sectionId && state.unloaded !== sectionId ? { ...state, redrawing: null } : state;
}

/** The section whose element the theme leaves to the editor: from its unload until it is redrawn after its load. */
export function yieldedSection(state: DesignState): string | null {
  return state.unloaded ?? state.redrawing;
}

/** The section the preview shows: the selected one, unless it is being re-rendered. */
export function shownSection(state: DesignState): string | null {
  return state.selected !== null && state.selected !== state.unloaded ? state.selected : null;
}

/** The section shown after a sequence of events, from none selected. */
export function shownAfter(events: readonly DesignEvent[]): string | null {
  return shownSection(events.reduce(nextDesignState, initialDesignState));
}

// --- Sections -------------------------------------------------------------------------------

/** The attribute that marks the root element of a section in the theme's markup. */
export const SECTION_ATTRIBUTE = "data-section-id";

/** The quiz builder's stages as sections, in order. */
export const QUIZ_STAGE_SECTIONS: Readonly<Record<QuizStage, string>> = {
  1: "quiz-builder-intro",
  2: "quiz-builder-questions",
  3: "quiz-builder-steps",
  4: "quiz-builder-results",
};

/** The quiz stage a shown section asks for, or null when it is none of the quiz's. */
export function quizStageOf(sectionId: string | null): QuizStage | null {
  for (const stage of [1, 2, 3, 4] as const) if (QUIZ_STAGE_SECTIONS[stage] === sectionId) return stage;
  return null;
}

/** The routine builder's screens as sections, in order. */
export const ROUTINE_SCREEN_SECTIONS: Readonly<Record<RoutineScreen, string>> = {
  start: "routine-builder-start",
  booking: "routine-builder-booking",
  steps: "routine-builder-steps",
};

/** The routine screen a shown section asks for, or null when it is none of the routine's. */
export function routineScreenOf(sectionId: string | null): RoutineScreen | null {
  for (const screen of ["start", "booking", "steps"] as const) if (ROUTINE_SCREEN_SECTIONS[screen] === sectionId) return screen;
  return null;
}

/** The kit builder's steps as sections, by the step's place in the settings. */
export const kitStepSectionId = (stepId: number): string => `kit-builder-step-${stepId}`;

/** The kit step a shown section asks for, or null when it is none of the kit's. */
export function kitStepOf(sectionId: string | null): number | null {
  const match = sectionId === null ? null : /^kit-builder-step-(\d+)$/.exec(sectionId);
  return match ? Number(match[1]) : null;
}

/** The side cart as a section: open while selected, its bars and lines re-rendered when its settings change. */
export const SIDE_CART_SECTION = "cart-drawer";

/** The popups the editor can open (the geo popup depends on the visitor's country, so it is left to the shop). */
export const EDITOR_POPUPS = ["newsletter", "countdown", "announcement", "abandonment", "trafficShaping"] as const;
export type EditorPopup = (typeof EDITOR_POPUPS)[number];

export const popupSectionId = (popup: EditorPopup): string => `popup-${popup}`;

/** The popup a shown section asks for, or null. */
export function popupOf(sectionId: string | null): EditorPopup | null {
  return EDITOR_POPUPS.find((popup) => popupSectionId(popup) === sectionId) ?? null;
}

export type EditorPageKind = "home" | "product" | "quiz" | "kit" | "routine" | "cart";

export interface EditorSection {
  id: string;
  label: string;
  /** The settings page's section that edits it (a top-level settings group). */
  settings: string;
}

export interface EditorShopSections {
  announcementBar: boolean;
  /** The popups the shop has switched on. */
  popups: readonly EditorPopup[];
  /** Whether the routine builder offers a consultation before its steps. */
  routineBooking?: boolean;
  /** The kit builder's steps, in order: each is a section. */
  kitSteps?: readonly { id: number; title: string }[];
}

const POPUP_LABELS: Readonly<Record<EditorPopup, string>> = {
  newsletter: "Popup: newsletter",
  countdown: "Popup: countdown",
  announcement: "Popup: announcement",
  abandonment: "Popup: leaving offer",
  trafficShaping: "Popup: traffic shaping",
};

/**
 * The sections of a previewed page, top to bottom: the announcement bar,
 * the page's own sections, the footer's newsletter form, the side cart (on
 * every page but the cart page, which is the cart), then the popups.
 */
export function editorSections(page: EditorPageKind, shop: EditorShopSections): EditorSection[] {
  const own: EditorSection[] = {
    home: [{ id: "hero-slideshow", label: "Hero slideshow", settings: "home" }],
    product: [{ id: "main-product", label: "Product", settings: "product" }],
    quiz: [
      { id: QUIZ_STAGE_SECTIONS[1], label: "Quiz builder: intro", settings: "builders" },
      { id: QUIZ_STAGE_SECTIONS[2], label: "Quiz builder: questions", settings: "builders" },
      { id: QUIZ_STAGE_SECTIONS[3], label: "Quiz builder: steps", settings: "builders" },
      { id: QUIZ_STAGE_SECTIONS[4], label: "Quiz builder: results", settings: "builders" },
    ],
    kit: (shop.kitSteps ?? []).map((step, index) => ({ id: kitStepSectionId(step.id), label: `Kit builder: step ${index + 1}, ${step.title}`, settings: "builders" })),
    routine: [
      { id: ROUTINE_SCREEN_SECTIONS.start, label: "Routine builder: start", settings: "builders" },
      ...(shop.routineBooking ? [{ id: ROUTINE_SCREEN_SECTIONS.booking, label: "Routine builder: consultation", settings: "builders" }] : []),
      { id: ROUTINE_SCREEN_SECTIONS.steps, label: "Routine builder: steps", settings: "builders" },
    ],
    cart: [
      { id: "main-cart-items", label: "Cart lines", settings: "sideCart" },
      { id: "main-cart-footer", label: "Cart totals", settings: "sideCart" },
    ],
  }[page];
  return [
    ...(shop.announcementBar ? [{ id: "announcement-bar", label: "Announcement bar", settings: "announcementBar" }] : []),
    ...own,
    { id: "newsletter-form", label: "Newsletter form", settings: "newsletter" },
    ...(page === "cart" ? [] : [{ id: SIDE_CART_SECTION, label: "Side cart", settings: "sideCart" }]),
    ...EDITOR_POPUPS.filter((popup) => shop.popups.includes(popup)).map((popup) => ({ id: popupSectionId(popup), label: POPUP_LABELS[popup], settings: "popups" })),
  ];
}

/** The pages the editor previews, in the chooser's order; the product page shows the shop's first product. */
export const EDITOR_PAGES: readonly { kind: EditorPageKind; label: string; path: string | null }[] = [
  { kind: "home", label: "Home page", path: "/" },
  { kind: "product", label: "A product page", path: null },
  { kind: "quiz", label: "Quiz bundle builder", path: "/pages/build-your-bundle" },
  { kind: "kit", label: "Kit builder", path: "/pages/build-your-kit" },
  { kind: "routine", label: "Routine builder", path: "/pages/routine-builder" },
  { kind: "cart", label: "Cart page", path: "/cart" },
];

/** The page kind a `page` query value names; the home page for anything else. */
export function editorPageKind(value: string | null): EditorPageKind {
  return EDITOR_PAGES.find((page) => page.kind === value)?.kind ?? "home";
}

/** The preview's widths: a phone and a desktop. */
export const PREVIEW_WIDTHS = { phone: 390, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** The width a `width` query value names; the desktop for anything else. */
export const previewWidth = (value: string | null): PreviewWidth => (value === "phone" ? "phone" : "desktop");

/** The query flag that puts a framed storefront page in design mode. */
export const DESIGN_MODE_PARAMETER = "design_mode";
/** A call may ask for the preview with this header instead of the query flag (the preview's own pages and calls carry the flag in their address). */
export const DESIGN_MODE_HEADER = "x-design-mode";

/**
 * Whether a request comes from the editor's preview: its address carries
 * the design-mode flag, or its header does. Only then, and only for a
 * signed-in staff member allowed the settings, is their draft applied.
 */
export function asksForDesignPreview(search: string, header: string | null | undefined): boolean {
  return new URLSearchParams(search).get(DESIGN_MODE_PARAMETER) === "1" || header === "1";
}

/**
 * Where a request or link of the preview goes, as the preview keeps it: a
 * page or call of the shop itself (the same origin, outside the back office)
 * carries the design-mode flag, so the page it leads to, its data and its
 * calls are drawn with the staff member's draft. Anything else (another
 * site, the back office, a page-internal `#` link) is left as it is: null.
 * The flag alone shows nothing: the server applies a draft only to its
 * staff member's own session.
 */
export function designModeAddress(target: URL, page: URL): URL | null {
  if (target.origin !== page.origin || !/^https?:$/.test(target.protocol)) return null;
  if (target.pathname === "/admin" || target.pathname.startsWith("/admin/")) return null;
  if (target.searchParams.get(DESIGN_MODE_PARAMETER) === "1") return null;
  // A link to a place on the same page (the "Back to top" link) moves no request.
  if (target.hash !== "" && target.pathname === page.pathname && target.search === page.search) return null;
  const flagged = new URL(target.href);
  flagged.searchParams.set(DESIGN_MODE_PARAMETER, "1");
  return flagged;
}
