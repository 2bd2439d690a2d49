import type { RefObject } from "react";
import {
  type QuizResults,
  type QuizState,
  allAnswered,
  answer,
  canAdvance,
  nextStep,
  pick,
  previousStep,
  initialQuizState,
  returnToStep,
  stepPosition,
  toSteps,
  visibleSteps,
} from "../../../core/builders/quiz-builder.ts";
import { QUIZ_STAGE_SECTIONS } from "../../../core/content/editor-sections.ts";
import { useMoney, useSitePath, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { QuizProductCard } from "./QuizProductCard.tsx";
import type { QuizPage, QuizPageProduct, QuizPageStep } from "./quiz-data.ts";

type QuizDefinition = QuizPage["definition"];

interface QuestionsProps {
  title: string;
  definition: QuizDefinition;
  state: QuizState;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The shopper asked for their routine with a question unanswered. */
  unanswered: boolean;
  onUnanswered(unanswered: boolean): void;
  onAnswer(next: QuizState): void;
  onMove(next: QuizState): void;
}

/** The quiz's questions, all on one form; every one must be answered to see the routine. */
export function QuizQuestions({ title, definition, state, headingRef, unanswered, onUnanswered, onAnswer, onMove }: QuestionsProps) {
  const text = useText();
  return (
    <section className="quiz" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[2]}>
      <p className="builder-eyebrow">{title}</p>
      <h1 className="builder-title" id="quiz-heading" ref={headingRef} tabIndex={-1}>
        {text("quiz_about_skin")}
      </h1>
      <form
        className="quiz__questions"
        onSubmit={(event) => {
          event.preventDefault();
          if (!allAnswered(definition, state)) {
            onUnanswered(true);
            return;
          }
          onUnanswered(false);
          onMove(toSteps(definition, state));
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
                    onChange={() => onAnswer(answer(state, question.key, option.value))}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {unanswered && !allAnswered(definition, state) ? (
          <p className="quiz__error" role="alert">
            {text("quiz_answer_all")}
          </p>
        ) : null}
        <div className="quiz__nav">
          <button type="button" className="link-button" onClick={() => onMove(initialQuizState)}>
            {text("builder_back")}
          </button>
          <button type="submit" className="button">
            {text("quiz_see_routine")}
          </button>
        </div>
      </form>
    </section>
  );
}

interface StepProps {
  definition: QuizDefinition;
  state: QuizState;
  step: QuizPageStep;
  /** Products recommended for the shopper's answers. */
  recommended: ReadonlySet<string>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onPick(next: QuizState): void;
  onMove(next: QuizState): void;
}

/** One step of the routine: the steps so far (each a way back), the step's products, and on to the next. */
export function QuizStepScreen({ definition, state, step, recommended, headingRef, onPick, onMove }: StepProps) {
  const text = useText();
  const position = stepPosition(definition, state);
  const steps = visibleSteps(definition, state.answers) as QuizPageStep[];
  const chosen = state.picks[step.key];
  return (
    <section className="quiz" aria-labelledby="quiz-heading" data-section-id={QUIZ_STAGE_SECTIONS[3]}>
      <ol className="quiz__progress" aria-label={text("quiz_your_steps")}>
        {steps.map((entry, index) => {
          const done = index < position.index - 1;
          return (
            <li key={entry.key} className={`quiz__progress-step ${entry.key === step.key ? "is-current" : ""} ${done ? "is-done" : ""}`}>
              {done ? (
                <button type="button" className="link-button" onClick={() => onMove(returnToStep(definition, state, entry.key))}>
                  {entry.headerTitle || entry.title}
                  <span className="visually-hidden">{text("quiz_step_return_hint")}</span>
                </button>
              ) : (
                <span aria-current={entry.key === step.key ? "step" : undefined}>{entry.headerTitle || entry.title}</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="builder-eyebrow">
        {text("quiz_step_of", { step: position.index, count: position.total })}
      </p>
      <h1 className="builder-title" id="quiz-heading" ref={headingRef} tabIndex={-1}>
        {step.title}
        {step.required ? <span className="quiz__required"> {text("bundle_required")}</span> : <span className="quiz__optional"> {text("bundle_optional")}</span>}
      </h1>
      <ul className="quiz__grid" aria-label={text("quiz_products_for", { title: step.headerTitle || step.title })}>
        {step.products.map((product, index) => (
          <QuizProductCard
            key={product.handle}
            product={product as QuizPageProduct}
            chosen={chosen === product.handle}
            recommended={recommended.has(product.handle)}
            onToggle={() => onPick(pick(definition, state, step.key, product.handle))}
            priority={index === 0}
          />
        ))}
      </ul>
      <div className="quiz__nav">
        <button type="button" className="link-button" onClick={() => onMove(previousStep(definition, state))}>
          {text("builder_back")}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={!canAdvance(definition, state) || undefined}
          aria-describedby={canAdvance(definition, state) ? undefined : "quiz-need-pick"}
          onClick={() => {
            if (canAdvance(definition, state)) onMove(nextStep(definition, state));
          }}
        >
          {position.index === position.total ? text("quiz_see_routine") : chosen || step.required ? text("quiz_next_step") : text("quiz_skip_step")}
        </button>
      </div>
      {canAdvance(definition, state) ? null : (
        <p className="quiz__hint" id="quiz-need-pick">
          {text("quiz_choose_to_continue")}
        </p>
      )}
    </section>
  );
}

/** The routine's products, each with a way to swap it for another of its step, and the routine's totals. */
export function QuizResultsList({ results, onSwap }: { results: QuizResults; onSwap(stepKey: string, handle: string): void }) {
  const text = useText();
  const money = useMoney();
  const onSite = useSitePath();
  return (
    <>
      <ul className="quiz-results" aria-label={text("quiz_your_products")}>
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
                <p className="quiz-results__price">{product.isFree ? text("free") : money(product.price)}</p>
                {others.length ? (
                  <details className="quiz-results__swap">
                    <summary>{text("quiz_swap")}</summary>
                    <ul>
                      {others.map((other) => (
                        <li key={other.handle}>
                          <button type="button" className="link-button" onClick={() => onSwap(from.key, other.handle)}>
                            {other.title} · {other.isFree ? text("free") : money(other.price)}
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
          <dt>{text("collection_products")}</dt>
          <dd>{money(results.total_price)}</dd>
        </div>
        {results.total_save > 0 ? (
          <div className="quiz-totals__row quiz-totals__row--save">
            <dt>{text("quiz_routine_saving", { percent: results.total_save_percents })}</dt>
            <dd>−{money(results.total_save)}</dd>
          </div>
        ) : null}
        {results.free_value > 0 ? (
          <div className="quiz-totals__row quiz-totals__row--save">
            <dt>{text("quiz_gift_worth")}</dt>
            <dd>{money(results.free_value)}</dd>
          </div>
        ) : null}
        <div className="quiz-totals__row quiz-totals__row--total">
          <dt>{text("quiz_your_routine")}</dt>
          <dd>{money(results.total_price_discounted)}</dd>
        </div>
      </dl>
    </>
  );
}
