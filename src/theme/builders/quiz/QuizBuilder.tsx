import { useEffect, useMemo, useRef, useState } from "react";
import { useShopperTask } from "../../marketing/overlays/stage.ts";
import { BUILDER_PROPERTIES } from "../../../core/builders/builder-bundles.ts";
import { BUNDLE_PROPERTIES } from "../../../core/builders/bundles.ts";
import {
  type QuizState,
  currentStep,
  initialQuizState,
  quizResults,
  quizStateForStage,
  recommendedProducts,
  restoreQuiz,
  startQuiz,
  swapInResults,
} from "../../../core/builders/quiz-builder.ts";
import { type SavedQuizItem, savedFrom } from "../../../core/builders/saved-bundles.ts";
import { QUIZ_STAGE_SECTIONS, quizStageOf } from "../../../core/content/editor-sections.ts";
import { useDesignSection, useYieldedSection, yieldedMark } from "../../content/editor/design-mode.ts";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import { useAddToCart } from "../../cart/buying/use-add-to-cart.ts";
import { useShop, useText } from "../../storefront/use-shop.ts";
import { newSetId } from "../set-id.ts";
import { saveFrom, useSavedList } from "../saved-for-later.ts";
import { BuilderIntro } from "../BuilderIntro.tsx";
import { QuizQuestions, QuizResultsList, QuizStepScreen } from "./QuizScreens.tsx";
import type { QuizPage, QuizPageStep } from "./quiz-data.ts";


const SAVED_NOTICE_MS = 10_000;

/**
 * The quiz bundle builder: intro, questions, one step at a time, results.
 * Focus moves to each new stage's or step's heading, so a keyboard or screen
 * reader user follows along.
 */
export function QuizBuilder({ page }: { page: QuizPage }) {
  const { definition } = page;
  const shop = useShop();
  const text = useText();
  const [own, setOwn] = useState<QuizState>(initialQuizState);
  const [touched, setTouched] = useState(false);
  // Saved picks found in storage restore straight to the results, until the shopper moves on.
  const saved = useSavedList();
  const restored = useMemo(() => (touched ? null : restoreQuiz(definition, savedFrom(saved, "quiz"))), [touched, definition, saved]);
  // In the theme editor's preview, a selected stage's section shows that stage.
  const designStage = quizStageOf(useDesignSection());
  const introYielded = useYieldedSection(QUIZ_STAGE_SECTIONS[1]);
  const state = quizStateForStage(definition, restored ?? own, designStage);
  const setState = (next: QuizState) => {
    setTouched(true);
    setOwn(next);
  };
  // Past the start screen the shopper is building: no popup opens over the quiz.
  useShopperTask(touched && state.stage > 1 ? "builder" : null);
  const [notice, setNotice] = useState("");
  const [unanswered, setUnanswered] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const { phase, error, add } = useAddToCart(shop.productPage?.addToCartWaitMs ?? 1500);

  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
  }, [state.stage, state.step]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(""), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const go = (next: QuizState) => {
    moved.current = true;
    setState(next);
  };

  const recommended = recommendedProducts(definition, state.answers);
  const step = currentStep(definition, state) as QuizPageStep | undefined;
  const results = quizResults(definition, state);

  const savedItems = (): SavedQuizItem[] =>
    results.products.map(({ step: from, product }) => ({
      source: "quiz",
      product_handle: product.handle,
      product_title: product.title,
      product_step: from.key,
      product_variant: product.variantId,
      product_is_free: product.isFree,
    }));

  const addToBag = () => {
    const id = newSetId();
    const items = results.products
      .filter(({ product }) => product.available)
      .map(({ step: from, product }) => ({
        id: product.variantId,
        quantity: 1,
        properties: {
          [BUILDER_PROPERTIES.builder]: "quiz",
          [BUILDER_PROPERTIES.id]: id,
          [BUILDER_PROPERTIES.step]: from.title,
          ...(product.isFree ? { [BUNDLE_PROPERTIES.freeItem]: "true" } : {}),
        },
      }));
    void add(items);
  };

  if (state.stage === 1) {
    // Re-rendered in the theme editor: the editor puts the intro's new HTML here until the page has its new data.
    if (introYielded) return <section className="quiz quiz--intro" data-section-id={QUIZ_STAGE_SECTIONS[1]} {...yieldedMark(true)} />;
    return (
      <section className="quiz quiz--intro" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[1]}>
        <BuilderIntro
          start={page.start}
          pictures={page.pictures}
          action={
            <button type="button" className="button quiz__start" onClick={() => go(startQuiz(definition, state))}>
              {page.intro.button}
            </button>
          }
        >
          <p className="builder-eyebrow">{page.title}</p>
          <h1 className="builder-title" id="quiz-heading" ref={heading} tabIndex={-1}>
            {page.intro.title}
          </h1>
          {page.intro.text ? <p className="builder-lead">{page.intro.text}</p> : null}
        </BuilderIntro>
        <noscript>
          <p className="quiz__noscript">{text("quiz_noscript")}</p>
        </noscript>
      </section>
    );
  }

  if (state.stage === 2) {
    return <QuizQuestions title={page.title} definition={definition} state={state} headingRef={heading} unanswered={unanswered} onUnanswered={setUnanswered} onAnswer={setState} onMove={go} />;
  }

  if (state.stage === 3 && step) {
    return <QuizStepScreen definition={definition} state={state} step={step} recommended={recommended} headingRef={heading} onPick={setState} onMove={go} />;
  }

  return (
    <section className="quiz quiz--results" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[4]}>
      <h1 className="builder-title" id="quiz-heading" ref={heading} tabIndex={-1}>
        {page.resultsTitle}
      </h1>
      <QuizResultsList results={results} onSwap={(stepKey, handle) => setState(swapInResults(definition, state, stepKey, handle))} />
      <div className="quiz__actions">
        <AddButton
          type="button"
          state={results.products.length ? "add" : "select"}
          phase={phase}
          texts={{ add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("bundle_added") }}
          onClick={addToBag}
          className="button--wide"
        />
        {error ? (
          <p className="quiz__error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void saveFrom("quiz", savedItems()).then(() => setNotice("Saved for later. Your routine will be here when you come back."));
          }}
        >
          {text("builder_save_for_later")}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            void saveFrom("quiz", []).then(() => window.location.reload());
          }}
        >
          {text("quiz_start_again")}
        </button>
        <p className="quiz__notice" role="status">
          {notice}
        </p>
      </div>
    </section>
  );
}
