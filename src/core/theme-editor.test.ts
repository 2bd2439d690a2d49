import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type QuizDefinition, initialQuizState, quizStateForStage } from "./quiz-builder.ts";
import {
  type DesignEvent,
  DESIGN_EVENT_TYPES,
  editorSections,
  popupOf,
  popupSectionId,
  quizStageOf,
  routineScreenOf,
  shownAfter,
} from "./theme-editor.ts";

const select = (sectionId: string): DesignEvent => ({ type: "select", sectionId });
const deselect = (sectionId: string): DesignEvent => ({ type: "deselect", sectionId });
const load = (sectionId: string): DesignEvent => ({ type: "load", sectionId });
const unload = (sectionId: string): DesignEvent => ({ type: "unload", sectionId });

describe("which section the preview shows", () => {
  it("shows nothing until a section is selected", () => {
    expect(shownAfter([])).toBeNull();
    expect(shownAfter([load("quiz-builder-results")])).toBeNull();
  });

  it("shows the selected section, and the latest one selected", () => {
    expect(shownAfter([select("quiz-builder-questions")])).toBe("quiz-builder-questions");
    expect(shownAfter([select("quiz-builder-questions"), select("popup-newsletter")])).toBe("popup-newsletter");
  });

  it("shows nothing once the selected section is deselected, and ignores deselecting another", () => {
    expect(shownAfter([select("a"), deselect("a")])).toBeNull();
    expect(shownAfter([select("a"), deselect("b")])).toBe("a");
    // The editor deselects the old section after selecting the new one.
    expect(shownAfter([select("a"), select("b"), deselect("a")])).toBe("b");
  });

  it("hides the selected section while it is re-rendered and shows it again once loaded", () => {
    expect(shownAfter([select("a"), unload("a")])).toBeNull();
    expect(shownAfter([select("a"), unload("a"), load("a")])).toBe("a");
    expect(shownAfter([select("a"), unload("b"), load("b")])).toBe("a");
    expect(shownAfter([select("a"), unload("a"), load("a"), deselect("a")])).toBeNull();
  });

  it("shows a section loaded while unselected only once it is selected", () => {
    expect(shownAfter([unload("a"), load("a")])).toBeNull();
    expect(shownAfter([unload("a"), select("a")])).toBe("a");
  });

  it("always shows either nothing or the last section selected", () => {
    const ids = fc.constantFrom("a", "b", "c");
    const event = fc.record({ type: fc.constantFrom(...DESIGN_EVENT_TYPES), sectionId: ids });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        const shown = shownAfter(events);
        const selects = events.filter((entry) => entry.type === "select");
        if (shown !== null) expect(shown).toBe(selects.at(-1)?.sectionId);
        // Selecting a section as the last event always shows it.
        const last = events.at(-1);
        if (last?.type === "select") expect(shown).toBe(last.sectionId);
      }),
    );
  });
});

describe("the sections' meaning", () => {
  it("maps the quiz's stage sections and the popups' sections", () => {
    expect(quizStageOf("quiz-builder-intro")).toBe(1);
    expect(quizStageOf("quiz-builder-results")).toBe(4);
    expect(quizStageOf("hero-slideshow")).toBeNull();
    expect(quizStageOf(null)).toBeNull();
    expect(popupOf(popupSectionId("countdown"))).toBe("countdown");
    expect(popupOf("popup-geo")).toBeNull();
    expect(popupOf(null)).toBeNull();
    expect(routineScreenOf("routine-builder-booking")).toBe("booking");
    expect(routineScreenOf("quiz-builder-intro")).toBeNull();
  });
});

const product = (handle: string) => ({ handle, title: handle, variantId: 1, price: 1000, available: true, isFree: false, why: "" });
const quiz: QuizDefinition = {
  questions: [{ key: "spf", question: "SPF?", answers: [{ label: "No", value: "no", recommends: [], hides_steps: ["protect"] }, { label: "Yes", value: "yes", recommends: [], hides_steps: [] }] }],
  steps: [
    { key: "protect", title: "Protect", headerTitle: "", required: false, products: [product("shield")] },
    { key: "cleanse", title: "Cleanse", headerTitle: "", required: true, products: [product("gel")] },
  ],
  discountPercent: 10,
};

describe("the quiz as shown with a stage selected", () => {
  it("keeps the shopper's own state with no stage selected or their own stage", () => {
    expect(quizStateForStage(quiz, initialQuizState, null)).toBe(initialQuizState);
    expect(quizStateForStage(quiz, initialQuizState, 1)).toBe(initialQuizState);
  });

  it("shows the questions and the results with the shopper's answers and picks", () => {
    const own = { stage: 3 as const, answers: { spf: "yes" }, step: "cleanse", picks: { protect: "shield" } };
    expect(quizStateForStage(quiz, own, 2)).toEqual({ ...own, stage: 2, step: null });
    expect(quizStateForStage(quiz, own, 4)).toEqual({ ...own, stage: 4, step: null });
  });

  it("shows the steps from the first step the answers leave visible, or the shopper's own step", () => {
    expect(quizStateForStage(quiz, initialQuizState, 3)).toMatchObject({ stage: 3, step: "protect" });
    expect(quizStateForStage(quiz, { ...initialQuizState, answers: { spf: "no" } }, 3)).toMatchObject({ stage: 3, step: "cleanse" });
    expect(quizStateForStage(quiz, { stage: 4, answers: { spf: "yes" }, step: null, picks: {} }, 3)).toMatchObject({ stage: 3, step: "protect" });
  });

  it("shows the results when the answers hide every step", () => {
    const noSteps: QuizDefinition = { ...quiz, steps: [quiz.steps[0]!] };
    expect(quizStateForStage(noSteps, { ...initialQuizState, answers: { spf: "no" } }, 3)).toMatchObject({ stage: 4, step: null });
  });
});

describe("the sections of a previewed page", () => {
  it("lists the announcement bar, the page's sections, the newsletter form and the popups switched on, each with its settings", () => {
    const sections = editorSections("quiz", { announcementBar: true, popups: ["countdown", "newsletter"] });
    expect(sections.map((section) => section.id)).toEqual([
      "announcement-bar",
      "quiz-builder-intro",
      "quiz-builder-questions",
      "quiz-builder-steps",
      "quiz-builder-results",
      "newsletter-form",
      "popup-newsletter",
      "popup-countdown",
    ]);
    expect(sections.find((section) => section.id === "popup-countdown")?.settings).toBe("popups");
  });

  it("lists the routine's consultation only when the routine offers one", () => {
    const ids = (routineBooking: boolean) => editorSections("routine", { announcementBar: false, popups: [], routineBooking }).map((section) => section.id);
    expect(ids(true)).toEqual(["routine-builder-start", "routine-builder-booking", "routine-builder-steps", "newsletter-form"]);
    expect(ids(false)).toEqual(["routine-builder-start", "routine-builder-steps", "newsletter-form"]);
  });

  it("leaves out the announcement bar and popups the shop does not show", () => {
    expect(editorSections("home", { announcementBar: false, popups: [] }).map((section) => section.id)).toEqual(["hero-slideshow", "newsletter-form"]);
  });
});
