/**
 * The quiz bundle builder's rules, without React: four stages (intro,
 * questions, steps, results); answers mark recommended products and may hide
 * whole steps; steps advance one by one, a hidden step skipped; one pick per
 * step; returning to a step drops the later picks; the results' totals.
 *
 * Totals use the same saving rule the platform charges a complete quiz set
 * with (`bundleSaving` on the non-free picks), so the saving shown is the
 * saving charged.
 */
import { bundleSaving } from "./bundles.ts";

export type QuizStage = 1 | 2 | 3 | 4;

export interface QuizAnswer {
  label: string;
  value: string;
  recommends: readonly string[];
  hides_steps: readonly string[];
}

export interface QuizQuestion {
  key: string;
  question: string;
  answers: readonly QuizAnswer[];
}

/** A product offered in a step, with what the results need to price it. */
export interface QuizProduct {
  handle: string;
  title: string;
  variantId: number;
  /** Minor units. */
  price: number;
  available: boolean;
  isFree: boolean;
  why: string;
}

export interface QuizStep {
  key: string;
  title: string;
  headerTitle: string;
  required: boolean;
  products: readonly QuizProduct[];
}

export interface QuizDefinition {
  questions: readonly QuizQuestion[];
  steps: readonly QuizStep[];
  /** Stage 4's percent off the non-free picks. */
  discountPercent: number;
}

export interface QuizState {
  stage: QuizStage;
  /** Question key → answer value. */
  answers: Readonly<Record<string, string>>;
  /** Key of the step shown at stage 3. */
  step: string | null;
  /** Step key → handle of the product picked. */
  picks: Readonly<Record<string, string>>;
}

export const initialQuizState: QuizState = { stage: 1, answers: {}, step: null, picks: {} };

/** Steps hidden by the answers given. */
export function hiddenSteps(definition: QuizDefinition, answers: QuizState["answers"]): Set<string> {
  const hidden = new Set<string>();
  for (const question of definition.questions) {
    const answer = question.answers.find((candidate) => candidate.value === answers[question.key]);
    for (const step of answer?.hides_steps ?? []) hidden.add(step);
  }
  return hidden;
}

/** The steps the shopper goes through, in order. */
export function visibleSteps(definition: QuizDefinition, answers: QuizState["answers"]): QuizStep[] {
  const hidden = hiddenSteps(definition, answers);
  return definition.steps.filter((step) => !hidden.has(step.key));
}

/** Products recommended by the answers given. */
export function recommendedProducts(definition: QuizDefinition, answers: QuizState["answers"]): Set<string> {
  const recommended = new Set<string>();
  for (const question of definition.questions) {
    const answer = question.answers.find((candidate) => candidate.value === answers[question.key]);
    for (const handle of answer?.recommends ?? []) recommended.add(handle);
  }
  return recommended;
}

/** Every question answered (at least as many answers as questions, each one known). */
export function allAnswered(definition: QuizDefinition, state: QuizState): boolean {
  const answered = definition.questions.filter((question) => question.answers.some((answer) => answer.value === state.answers[question.key]));
  return answered.length >= definition.questions.length;
}

export function startQuiz(definition: QuizDefinition, state: QuizState): QuizState {
  return definition.questions.length === 0 ? toSteps(definition, { ...state, stage: 2 }) : { ...state, stage: 2 };
}

export function answer(state: QuizState, question: string, value: string): QuizState {
  return { ...state, answers: { ...state.answers, [question]: value } };
}

/** From the questions to the first visible step; nothing happens until every question is answered. */
export function toSteps(definition: QuizDefinition, state: QuizState): QuizState {
  if (!allAnswered(definition, state)) return state;
  const steps = visibleSteps(definition, state.answers);
  const hidden = hiddenSteps(definition, state.answers);
  // A step hidden by a changed answer keeps no pick.
  const picks = Object.fromEntries(Object.entries(state.picks).filter(([step]) => !hidden.has(step)));
  const first = steps[0];
  return first ? { ...state, stage: 3, step: first.key, picks } : { ...state, stage: 4, step: null, picks };
}

export function currentStep(definition: QuizDefinition, state: QuizState): QuizStep | undefined {
  return state.stage === 3 ? visibleSteps(definition, state.answers).find((step) => step.key === state.step) : undefined;
}

/** 'Step n / total' of the current step, counting visible steps only. */
export function stepPosition(definition: QuizDefinition, state: QuizState): { index: number; total: number } {
  const steps = visibleSteps(definition, state.answers);
  return { index: steps.findIndex((step) => step.key === state.step) + 1, total: steps.length };
}

/**
 * Chooses a product in a step: it replaces the step's earlier pick; choosing
 * the picked product again unchecks it. An unavailable product is not picked.
 */
export function pick(definition: QuizDefinition, state: QuizState, stepKey: string, handle: string): QuizState {
  const step = definition.steps.find((candidate) => candidate.key === stepKey);
  const product = step?.products.find((candidate) => candidate.handle === handle);
  if (!step || !product || hiddenSteps(definition, state.answers).has(stepKey)) return state;
  const picks = { ...state.picks };
  if (picks[stepKey] === handle) delete picks[stepKey];
  else if (product.available) picks[stepKey] = handle;
  else return state;
  return { ...state, picks };
}

/** A required step needs its pick before the shopper moves on; an optional one may be skipped. */
export function canAdvance(definition: QuizDefinition, state: QuizState): boolean {
  const step = currentStep(definition, state);
  return step !== undefined && (!step.required || state.picks[step.key] !== undefined);
}

/** On to the next visible step, or to the results after the last. */
export function nextStep(definition: QuizDefinition, state: QuizState): QuizState {
  if (!canAdvance(definition, state)) return state;
  const steps = visibleSteps(definition, state.answers);
  const next = steps[steps.findIndex((step) => step.key === state.step) + 1];
  return next ? { ...state, step: next.key } : { ...state, stage: 4, step: null };
}

/** Back to an earlier visible step: the picks of the steps after it are dropped. */
export function returnToStep(definition: QuizDefinition, state: QuizState, stepKey: string): QuizState {
  const steps = visibleSteps(definition, state.answers);
  const index = steps.findIndex((step) => step.key === stepKey);
  if (index < 0) return state;
  const later = new Set(steps.slice(index + 1).map((step) => step.key));
  const picks = Object.fromEntries(Object.entries(state.picks).filter(([step]) => !later.has(step)));
  return { ...state, stage: 3, step: stepKey, picks };
}

/** Back one step from the current one (to the questions from the first). */
export function previousStep(definition: QuizDefinition, state: QuizState): QuizState {
  const steps = visibleSteps(definition, state.answers);
  const index = state.stage === 4 ? steps.length : steps.findIndex((step) => step.key === state.step);
  const previous = steps[index - 1];
  if (previous) return returnToStep(definition, state, previous.key);
  return definition.questions.length ? { ...state, stage: 2, step: null } : state;
}

export interface QuizResultLine {
  step: QuizStep;
  product: QuizProduct;
}

export interface QuizResults {
  products: QuizResultLine[];
  /** The non-free picks' prices, minor units. */
  total_price: number;
  /** The quiz's percent of `total_price`. */
  total_save: number;
  total_price_discounted: number;
  /** `total_save` as a whole percent of `total_price`. */
  total_save_percents: number;
  /** The free picks' worth, shown as a saving of its own. */
  free_value: number;
  /** Every required step picked: the set the shop discounts. */
  complete: boolean;
}

/** The picks in step order, with the totals the shop charges for them as a set. */
export function quizResults(definition: QuizDefinition, state: QuizState): QuizResults {
  const steps = visibleSteps(definition, state.answers);
  const products = steps.flatMap((step) => {
    const product = step.products.find((candidate) => candidate.handle === state.picks[step.key]);
    return product ? [{ step, product }] : [];
  });
  const complete = steps.every((step) => !step.required || state.picks[step.key] !== undefined) && products.length > 0;
  const total_price = products.reduce((sum, line) => (line.product.isFree ? sum : sum + line.product.price), 0);
  const total_save = complete ? bundleSaving({ discountType: "percent", discountAmount: definition.discountPercent, fixedDiscount: 0 }, total_price) : 0;
  return {
    products,
    total_price,
    total_save,
    total_price_discounted: total_price - total_save,
    total_save_percents: total_price > 0 ? Math.round((total_save / total_price) * 100) : 0,
    free_value: complete ? products.reduce((sum, line) => (line.product.isFree ? sum + line.product.price : sum), 0) : 0,
    complete,
  };
}

/** Swaps a pick in the results for another product of its step, staying on the results. */
export function swapInResults(definition: QuizDefinition, state: QuizState, stepKey: string, handle: string): QuizState {
  const step = definition.steps.find((candidate) => candidate.key === stepKey);
  const product = step?.products.find((candidate) => candidate.handle === handle);
  if (state.stage !== 4 || !step || !product?.available || hiddenSteps(definition, state.answers).has(stepKey)) return state;
  return { ...state, picks: { ...state.picks, [stepKey]: handle } };
}

/** A saved pick: its step and product, as browser storage keeps them. */
export interface SavedQuizPick {
  product_step: string;
  product_handle: string;
}

/**
 * Saved picks restore straight to the results, when each still names a step
 * and a product of it and every required step is covered; otherwise null.
 * Steps without a saved pick count as hidden or skipped.
 */
export function restoreQuiz(definition: QuizDefinition, saved: readonly SavedQuizPick[]): QuizState | null {
  if (saved.length === 0) return null;
  const picks: Record<string, string> = {};
  for (const item of saved) {
    const step = definition.steps.find((candidate) => candidate.key === item.product_step);
    if (!step?.products.some((product) => product.handle === item.product_handle)) return null;
    picks[step.key] = item.product_handle;
  }
  // The answers are not saved: steps with no saved pick that some answer hides are treated as hidden.
  const answers: Record<string, string> = {};
  for (const question of definition.questions) {
    const hidesNothingPicked = (candidate: QuizAnswer) => candidate.hides_steps.every((step) => picks[step] === undefined);
    const chosen =
      question.answers.find((candidate) => candidate.hides_steps.length > 0 && hidesNothingPicked(candidate)) ?? question.answers.find(hidesNothingPicked) ?? question.answers[0];
    if (chosen) answers[question.key] = chosen.value;
  }
  const state: QuizState = { stage: 4, answers, step: null, picks };
  return quizResults(definition, state).complete ? state : null;
}

/**
 * The quiz as shown with `stage` selected: the shopper's own state when it
 * is at that stage, else that stage with the shopper's answers and picks
 * (the steps start at the first visible step; with none, the results show).
 */
export function quizStateForStage(definition: QuizDefinition, state: QuizState, stage: QuizStage | null): QuizState {
  if (stage === null || stage === state.stage) return state;
  if (stage === 3) {
    const steps = visibleSteps(definition, state.answers);
    const step = steps.find((entry) => entry.key === state.step) ?? steps[0];
    return step ? { ...state, stage: 3, step: step.key } : { ...state, stage: 4, step: null };
  }
  return { ...state, stage, step: null };
}
