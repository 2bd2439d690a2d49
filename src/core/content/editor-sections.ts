/**
 * The theme editor's sections: the sections a previewed page has, top to
 * bottom, and the section ids of the builders' stages and of the popups,
 * which the editor selects and those parts show. How the preview answers
 * the editor's events is in `theme-editor.ts`.
 */
import type { QuizStage } from "../builders/quiz-builder.ts";
import type { RoutineScreen } from "../builders/routine-builder.ts";
import { SIDE_CART_SECTION } from "./theme-editor.ts";

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
