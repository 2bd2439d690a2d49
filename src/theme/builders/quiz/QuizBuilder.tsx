import { useEffect, useMemo, useRef, useState } from "react";
import { useShopperTask } from "../../overlays/stage.ts";
import { BUILDER_PROPERTIES } from "../../../core/builders/builder-bundles.ts";
import { BUNDLE_PROPERTIES } from "../../../core/builders/bundles.ts";
import {
  type QuizState,
  allAnswered,
  answer,
  canAdvance,
  currentStep,
  initialQuizState,
  nextStep,
  pick,
  previousStep,
  quizResults,
  quizStateForStage,
  recommendedProducts,
  restoreQuiz,
  returnToStep,
  startQuiz,
  stepPosition,
  swapInResults,
  toSteps,
  visibleSteps,
} from "../../../core/builders/quiz-builder.ts";
import { type SavedQuizItem, savedFrom } from "../../../core/builders/saved-bundles.ts";
import { QUIZ_STAGE_SECTIONS, quizStageOf } from "../../../core/content/editor-sections.ts";
import { useDesignSection, useYieldedSection, yieldedMark } from "../../editor/design-mode.ts";
import { AddButton } from "../../buying/AddButton.tsx";
import { useAddToCart } from "../../buying/use-add-to-cart.ts";
import { useMoney, useShop, useText, useSitePath } from "../../storefront/use-shop.ts";
import { newSetId } from "../set-id.ts";
import { saveFrom, useSavedList } from "../saved-for-later.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { BuilderIntro } from "../BuilderIntro.tsx";
import { QuizProductCard } from "./QuizProductCard.tsx";
import type { QuizPage, QuizPageProduct, QuizPageStep } from "./quiz-data.ts";


const SAVED_NOTICE_MS = 10_000;

/**
 * The quiz bundle builder: intro, questions, one step at a time, results.
 * Focus moves to each new stage's or step's heading, so a keyboard or screen
 * reader user follows along.
 */
export function QuizBuilder({ page }: { page: QuizPage }) {
  const onSite = useSitePath();
  const { definition } = page;
  const shop = useShop();
  const text = useText();
  const money = useMoney();
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
          <p className="quiz__noscript">The quiz needs JavaScript. You can also browse our ready-made sets in the Sets &amp; Gifts collection.</p>
        </noscript>
      </section>
    );
  }

  if (state.stage === 2) {
    return (
      <section className="quiz" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[2]}>
        <p className="builder-eyebrow">{page.title}</p>
        <h1 className="builder-title" id="quiz-heading" ref={heading} tabIndex={-1}>
          About your skin
        </h1>
        <form
          className="quiz__questions"
          onSubmit={(event) => {
            event.preventDefault();
            if (!allAnswered(definition, state)) {
              setUnanswered(true);
              return;
            }
            setUnanswered(false);
            go(toSteps(definition, state));
          }}
        >
          {definition.questions.map((question, index) => (
            <fieldset key={question.key} className="quiz__question">
              <legend className="quiz__question-text">
                <span className="quiz__question-number">{index + 1}.</span> {question.question}
              </legend>
              <div className="quiz__answers">
                {question.answers.map((option) => (
                  <label key={option.value} className="quiz__answer">
                    <input
                      type="radio"
                      name={`quiz-${question.key}`}
                      value={option.value}
                      checked={state.answers[question.key] === option.value}
                      onChange={() => setState(answer(state, question.key, option.value))}
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {unanswered && !allAnswered(definition, state) ? (
            <p className="quiz__error" role="alert">
              Please answer every question to see your routine.
            </p>
          ) : null}
          <div className="quiz__nav">
            <button type="button" className="link-button" onClick={() => go(initialQuizState)}>
              Back
            </button>
            <button type="submit" className="button">
              See my routine
            </button>
          </div>
        </form>
      </section>
    );
  }

  if (state.stage === 3 && step) {
    const position = stepPosition(definition, state);
    const steps = visibleSteps(definition, state.answers) as QuizPageStep[];
    const chosen = state.picks[step.key];
    return (
      <section className="quiz" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[3]}>
        <ol className="quiz__progress" aria-label="Your steps">
          {steps.map((entry, index) => {
            const done = index < position.index - 1;
            return (
              <li key={entry.key} className={`quiz__progress-step ${entry.key === step.key ? "is-current" : ""} ${done ? "is-done" : ""}`}>
                {done ? (
                  <button type="button" className="link-button" onClick={() => go(returnToStep(definition, state, entry.key))}>
                    {entry.headerTitle || entry.title}
                    <span className="visually-hidden"> (go back to this step; later choices are cleared)</span>
                  </button>
                ) : (
                  <span aria-current={entry.key === step.key ? "step" : undefined}>{entry.headerTitle || entry.title}</span>
                )}
              </li>
            );
          })}
        </ol>
        <p className="builder-eyebrow">
          Step {position.index} / {position.total}
        </p>
        <h1 className="builder-title" id="quiz-heading" ref={heading} tabIndex={-1}>
          {step.title}
          {step.required ? <span className="quiz__required"> Required</span> : <span className="quiz__optional"> Optional</span>}
        </h1>
        <ul className="quiz__grid" aria-label={`Products for ${step.headerTitle || step.title}`}>
          {step.products.map((product, index) => (
            <QuizProductCard
              key={product.handle}
              product={product as QuizPageProduct}
              chosen={chosen === product.handle}
              recommended={recommended.has(product.handle)}
              onToggle={() => setState(pick(definition, state, step.key, product.handle))}
              priority={index === 0}
            />
          ))}
        </ul>
        <div className="quiz__nav">
          <button type="button" className="link-button" onClick={() => go(previousStep(definition, state))}>
            Back
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={!canAdvance(definition, state) || undefined}
            aria-describedby={canAdvance(definition, state) ? undefined : "quiz-need-pick"}
            onClick={() => {
              if (canAdvance(definition, state)) go(nextStep(definition, state));
            }}
          >
            {position.index === position.total ? "See my routine" : chosen || step.required ? "Next step" : "Skip this step"}
          </button>
        </div>
        {canAdvance(definition, state) ? null : (
          <p className="quiz__hint" id="quiz-need-pick">
            Choose a product to continue.
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="quiz quiz--results" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[4]}>
      <h1 className="builder-title" id="quiz-heading" ref={heading} tabIndex={-1}>
        {page.resultsTitle}
      </h1>
      <ul className="quiz-results" aria-label="Your products">
        {results.products.map(({ step: from, product: picked }) => {
          const product = picked as QuizPageProduct;
          const others = (from as QuizPageStep).products.filter((candidate) => candidate.handle !== product.handle && candidate.available);
          return (
            <li key={from.key} className="quiz-results__line">
              {product.image ? <ProductImage className="quiz-results__image" src={product.image.src} alt="" width={product.image.width} height={product.image.height} sizes="80px" /> : null}
              <div className="quiz-results__details">
                <p className="quiz-results__step">{from.headerTitle || from.title}</p>
                <p className="quiz-results__name">
                  <a href={onSite(product.url)}>{product.title}</a>
                </p>
                <p className="quiz-results__price">{product.isFree ? "Free" : money(product.price)}</p>
                {others.length ? (
                  <details className="quiz-results__swap">
                    <summary>Swap</summary>
                    <ul>
                      {others.map((other) => (
                        <li key={other.handle}>
                          <button type="button" className="link-button" onClick={() => setState(swapInResults(definition, state, from.key, other.handle))}>
                            {other.title} · {other.isFree ? "Free" : money(other.price)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="quiz-totals" aria-live="polite">
        <div className="quiz-totals__row">
          <dt>Products</dt>
          <dd>{money(results.total_price)}</dd>
        </div>
        {results.total_save > 0 ? (
          <div className="quiz-totals__row quiz-totals__row--save">
            <dt>Routine saving ({results.total_save_percents}%)</dt>
            <dd>−{money(results.total_save)}</dd>
          </div>
        ) : null}
        {results.free_value > 0 ? (
          <div className="quiz-totals__row quiz-totals__row--save">
            <dt>Free gift worth</dt>
            <dd>{money(results.free_value)}</dd>
          </div>
        ) : null}
        <div className="quiz-totals__row quiz-totals__row--total">
          <dt>Your routine</dt>
          <dd>{money(results.total_price_discounted)}</dd>
        </div>
      </dl>
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
          Save for later
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            void saveFrom("quiz", []).then(() => window.location.reload());
          }}
        >
          Start again
        </button>
        <p className="quiz__notice" role="status">
          {notice}
        </p>
      </div>
    </section>
  );
}
