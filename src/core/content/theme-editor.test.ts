import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type QuizDefinition, initialQuizState, quizStateForStage } from "../builders/quiz-builder.ts";
import {
  type DesignEvent,
  DESIGN_EVENT_TYPES,
  SIDE_CART_SECTION,
  asksForDesignPreview,
  designModeAddress,
  initialDesignState,
  nextDesignState,
  redrawnDesignState,
  shownAfter,
  shownSection,
  yieldedSection,
} from "./theme-editor.ts";
import {
  editorSections,
  popupOf,
  popupSectionId,
  quizStageOf,
  routineScreenOf,
  kitStepOf,
  kitStepSectionId,
} from "./editor-sections.ts";

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
      "cart-drawer",
      "popup-newsletter",
      "popup-countdown",
    ]);
    expect(sections.find((section) => section.id === "popup-countdown")?.settings).toBe("popups");
  });

  it("lists the routine's consultation only when the routine offers one", () => {
    const ids = (routineBooking: boolean) => editorSections("routine", { announcementBar: false, popups: [], routineBooking }).map((section) => section.id);
    expect(ids(true)).toEqual(["routine-builder-start", "routine-builder-booking", "routine-builder-steps", "newsletter-form", "cart-drawer"]);
    expect(ids(false)).toEqual(["routine-builder-start", "routine-builder-steps", "newsletter-form", "cart-drawer"]);
  });

  it("leaves out the announcement bar and popups the shop does not show", () => {
    expect(editorSections("home", { announcementBar: false, popups: [] }).map((section) => section.id)).toEqual(["hero-slideshow", "newsletter-form", "cart-drawer"]);
  });

  it("lists the side cart on every page but the cart page, which is the cart", () => {
    expect(editorSections("cart", { announcementBar: false, popups: [] }).map((section) => section.id)).toEqual(["main-cart-items", "main-cart-footer", "newsletter-form"]);
    expect(editorSections("product", { announcementBar: false, popups: [] }).find((section) => section.id === SIDE_CART_SECTION)?.settings).toBe("sideCart");
  });

  it("lists each of the kit builder's steps as a section, named in order, that a shown section finds again", () => {
    const sections = editorSections("kit", { announcementBar: false, popups: [], kitSteps: [{ id: 0, title: "Cleanse" }, { id: 2, title: "Protect" }] });
    expect(sections.slice(0, 2)).toEqual([
      { id: "kit-builder-step-0", label: "Kit builder: step 1, Cleanse", settings: "builders" },
      { id: "kit-builder-step-2", label: "Kit builder: step 2, Protect", settings: "builders" },
    ]);
    expect(kitStepOf(kitStepSectionId(2))).toBe(2);
    expect(kitStepOf("kit-builder-step-")).toBeNull();
    expect(kitStepOf("quiz-builder-intro")).toBeNull();
    expect(kitStepOf(null)).toBeNull();
  });
});

describe("a section re-rendered with new settings", () => {
  const after = (events: DesignEvent[]) => events.reduce(nextDesignState, initialDesignState);

  it("is left to the editor from its unload until the theme has redrawn it after its load", () => {
    const unloaded = after([select("cart-drawer"), unload("cart-drawer")]);
    expect(yieldedSection(unloaded)).toBe("cart-drawer");
    expect(shownSection(unloaded)).toBeNull();
    const loaded = nextDesignState(unloaded, load("cart-drawer"));
    // Loaded: shown again (the editor's HTML), still left to the editor until redrawn.
    expect(shownSection(loaded)).toBe("cart-drawer");
    expect(yieldedSection(loaded)).toBe("cart-drawer");
    expect(yieldedSection(redrawnDesignState(loaded, "cart-drawer"))).toBeNull();
  });

  it("ignores a redraw that a newer unload has overtaken, and a load of another section", () => {
    const again = after([unload("a"), load("a"), unload("a")]);
    expect(redrawnDesignState(again, "a")).toEqual(again);
    expect(yieldedSection(again)).toBe("a");
    expect(after([unload("a"), load("b")])).toMatchObject({ unloaded: "a", redrawing: null });
    expect(redrawnDesignState(after([unload("a"), load("a")]), "b")).toMatchObject({ redrawing: "a" });
  });

  it("never leaves a section yielded once every unload has had its load and redraw", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b"), { maxLength: 6 }), (ids) => {
        let state = initialDesignState;
        for (const id of ids) state = redrawnDesignState(nextDesignState(nextDesignState(state, unload(id)), load(id)), id);
        expect(yieldedSection(state)).toBeNull();
      }),
    );
  });
});

describe("a request from the editor's preview", () => {
  it("carries the design-mode flag in its address or its header", () => {
    expect(asksForDesignPreview("?design_mode=1&sections=cart-drawer", null)).toBe(true);
    expect(asksForDesignPreview("", "1")).toBe(true);
    expect(asksForDesignPreview("?design_mode=0", "0")).toBe(false);
    expect(asksForDesignPreview("?sections=cart-drawer", undefined)).toBe(false);
  });
});

describe("the preview's links and calls", () => {
  const page = new URL("https://shop.test/pages/build-your-bundle?design_mode=1");
  const kept = (href: string) => designModeAddress(new URL(href, page), page)?.href ?? null;

  it("keep the design-mode flag on the shop's own pages, their data and calls", () => {
    expect(kept("/pages/build-your-kit")).toBe("https://shop.test/pages/build-your-kit?design_mode=1");
    expect(kept("/pages/build-your-kit.data?_routes=routes%2Fkit-builder")).toBe("https://shop.test/pages/build-your-kit.data?_routes=routes%2Fkit-builder&design_mode=1");
    expect(kept("/collections/face?page=2#grid")).toBe("https://shop.test/collections/face?page=2&design_mode=1#grid");
    expect(kept("/cart.js")).toBe("https://shop.test/cart.js?design_mode=1");
  });

  it("leave other sites, the back office, flagged addresses and same-page anchors as they are", () => {
    expect(kept("https://elsewhere.example/pages/about")).toBeNull();
    expect(kept("http://shop.test/pages/about")).toBeNull();
    expect(kept("/admin/editor?page=quiz")).toBeNull();
    expect(kept("/admin")).toBeNull();
    expect(kept("/administration-tips")).toBe("https://shop.test/administration-tips?design_mode=1");
    expect(kept("/pages/about?design_mode=1")).toBeNull();
    expect(kept("/pages/build-your-bundle?design_mode=1#top")).toBeNull();
    expect(kept("mailto:hello@shop.test")).toBeNull();
  });
});
