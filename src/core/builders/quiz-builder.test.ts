import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type QuizDefinition,
  type QuizState,
  allAnswered,
  answer,
  canAdvance,
  initialQuizState,
  nextStep,
  pick,
  previousStep,
  quizResults,
  recommendedProducts,
  restoreQuiz,
  returnToStep,
  startQuiz,
  stepPosition,
  swapInResults,
  toSteps,
  visibleSteps,
} from "./quiz-builder.ts";

const product = (handle: string, price: number, extra: { isFree?: boolean; available?: boolean } = {}) => ({
  handle,
  title: handle,
  variantId: price,
  price,
  available: extra.available ?? true,
  isFree: extra.isFree ?? false,
  why: "",
});

const quiz: QuizDefinition = {
  questions: [
    {
      key: "skin",
      question: "Skin?",
      answers: [
        { label: "Dry", value: "dry", recommends: ["cream"], hides_steps: [] },
        { label: "Oily", value: "oily", recommends: ["gel"], hides_steps: [] },
      ],
    },
    {
      key: "spf",
      question: "SPF?",
      answers: [
        { label: "Yes", value: "yes", recommends: [], hides_steps: ["protect"] },
        { label: "No", value: "no", recommends: ["shield"], hides_steps: [] },
      ],
    },
  ],
  steps: [
    { key: "cleanse", title: "Cleanser", headerTitle: "", required: true, products: [product("cream", 1800), product("gel", 1600)] },
    { key: "moisturise", title: "Moisturiser", headerTitle: "", required: false, products: [product("water-gel", 2400), product("rich", 3800, { available: false })] },
    { key: "protect", title: "SPF", headerTitle: "", required: true, products: [product("shield", 2600)] },
    { key: "gift", title: "Gift", headerTitle: "", required: false, products: [product("balm", 900, { isFree: true })] },
  ],
  discountPercent: 15,
};

const answered = (spf: "yes" | "no"): QuizState => answer(answer(startQuiz(quiz, initialQuizState), "skin", "dry"), "spf", spf);

describe("the quiz's stages", () => {
  it("needs every question answered before the steps", () => {
    const started = startQuiz(quiz, initialQuizState);
    expect(started.stage).toBe(2);
    const half = answer(started, "skin", "oily");
    expect(allAnswered(quiz, half)).toBe(false);
    expect(toSteps(quiz, half)).toBe(half);
    expect(toSteps(quiz, answer(half, "spf", "no"))).toMatchObject({ stage: 3, step: "cleanse" });
  });

  it("marks the products the answers recommend", () => {
    expect([...recommendedProducts(quiz, answered("no").answers)].sort()).toEqual(["cream", "shield"]);
  });

  it("skips a step an answer hides, and counts only visible steps", () => {
    let state = toSteps(quiz, answered("yes"));
    expect(visibleSteps(quiz, state.answers).map((step) => step.key)).toEqual(["cleanse", "moisturise", "gift"]);
    expect(stepPosition(quiz, state)).toEqual({ index: 1, total: 3 });
    state = nextStep(quiz, pick(quiz, state, "cleanse", "cream"));
    state = nextStep(quiz, state);
    expect(state.step).toBe("gift");
    expect(stepPosition(quiz, state)).toEqual({ index: 3, total: 3 });
    expect(nextStep(quiz, state).stage).toBe(4);
  });

  it("holds a required step until it has a pick; an optional one may be skipped", () => {
    let state = toSteps(quiz, answered("no"));
    expect(canAdvance(quiz, state)).toBe(false);
    expect(nextStep(quiz, state)).toBe(state);
    state = nextStep(quiz, pick(quiz, state, "cleanse", "gel"));
    expect(canAdvance(quiz, state)).toBe(true);
  });

  it("replaces a step's pick, unchecks it when chosen again, and never picks a sold-out product", () => {
    let state = toSteps(quiz, answered("no"));
    state = pick(quiz, state, "cleanse", "cream");
    state = pick(quiz, state, "cleanse", "gel");
    expect(state.picks).toEqual({ cleanse: "gel" });
    expect(pick(quiz, state, "cleanse", "gel").picks).toEqual({});
    expect(pick(quiz, state, "moisturise", "rich")).toBe(state);
  });

  it("drops the later picks on a return to an earlier step", () => {
    let state = toSteps(quiz, answered("no"));
    state = nextStep(quiz, pick(quiz, state, "cleanse", "cream"));
    state = nextStep(quiz, pick(quiz, state, "moisturise", "water-gel"));
    state = nextStep(quiz, pick(quiz, state, "protect", "shield"));
    state = returnToStep(quiz, state, "moisturise");
    expect(state).toMatchObject({ stage: 3, step: "moisturise", picks: { cleanse: "cream", moisturise: "water-gel" } });
    expect(previousStep(quiz, state)).toMatchObject({ step: "cleanse", picks: { cleanse: "cream" } });
  });

  it("totals the results: the percent of the non-free picks, the free pick for nothing", () => {
    let state = toSteps(quiz, answered("no"));
    for (const [step, handle] of [["cleanse", "cream"], ["moisturise", "water-gel"], ["protect", "shield"], ["gift", "balm"]] as const) {
      state = nextStep(quiz, pick(quiz, state, step, handle));
    }
    expect(state.stage).toBe(4);
    const results = quizResults(quiz, state);
    expect(results).toMatchObject({ total_price: 6800, total_save: 1020, total_price_discounted: 5780, total_save_percents: 15, free_value: 900, complete: true });
    const swapped = swapInResults(quiz, state, "cleanse", "gel");
    expect(swapped.stage).toBe(4);
    expect(quizResults(quiz, swapped)).toMatchObject({ total_price: 6600, total_save: 990 });
  });

  it("restores saved picks straight to the results, and refuses picks that no longer fit", () => {
    const restored = restoreQuiz(quiz, [
      { product_step: "cleanse", product_handle: "gel" },
      { product_step: "gift", product_handle: "balm" },
    ]);
    // Without an SPF pick the saved set is one whose answer hid the SPF step.
    expect(restored).toMatchObject({ stage: 4, picks: { cleanse: "gel", gift: "balm" }, answers: { spf: "yes" } });
    expect(restoreQuiz(quiz, [{ product_step: "cleanse", product_handle: "gone" }])).toBeNull();
    expect(restoreQuiz(quiz, [])).toBeNull();
  });
});

describe("the quiz's rules hold for any sequence of moves", () => {
  type Move = { kind: "pick"; step: number; product: number } | { kind: "next" } | { kind: "back" } | { kind: "return"; step: number };
  const move: fc.Arbitrary<Move> = fc.oneof(
    fc.record({ kind: fc.constant("pick" as const), step: fc.nat(3), product: fc.nat(1) }),
    fc.constant({ kind: "next" as const }),
    fc.constant({ kind: "back" as const }),
    fc.record({ kind: fc.constant("return" as const), step: fc.nat(3) }),
  );

  it("never holds two picks in a step or a pick in a hidden step; a return keeps no later pick; totals add up", () => {
    fc.assert(
      fc.property(fc.constantFrom("yes", "no"), fc.array(move, { maxLength: 30 }), (spf, moves) => {
        let state = toSteps(quiz, answered(spf as "yes" | "no"));
        for (const next of moves) {
          const step = quiz.steps[next.kind === "pick" || next.kind === "return" ? next.step : 0];
          if (next.kind === "pick" && step) state = pick(quiz, state, step.key, step.products[next.product]?.handle ?? "");
          else if (next.kind === "next") state = nextStep(quiz, state);
          else if (next.kind === "back") state = previousStep(quiz, state);
          else if (next.kind === "return" && step) {
            const before = state;
            state = returnToStep(quiz, state, step.key);
            if (state !== before) {
              const steps = visibleSteps(quiz, state.answers).map((candidate) => candidate.key);
              for (const later of steps.slice(steps.indexOf(step.key) + 1)) expect(state.picks[later]).toBeUndefined();
            }
          }
          const visible = new Set(visibleSteps(quiz, state.answers).map((candidate) => candidate.key));
          for (const [key, handle] of Object.entries(state.picks)) {
            expect(visible.has(key)).toBe(true);
            expect(quiz.steps.find((candidate) => candidate.key === key)?.products.some((candidate) => candidate.handle === handle && candidate.available)).toBe(true);
          }
          const results = quizResults(quiz, state);
          expect(results.total_price_discounted).toBe(results.total_price - results.total_save);
          expect(results.total_save).toBe(results.complete ? Math.round((results.total_price * 15) / 100) : 0);
        }
      }),
    );
  });
});
