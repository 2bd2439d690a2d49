/**
 * The builders as the merchant sets them up (the `builders` section of the
 * settings): the routine builder, the quiz bundle builder, the multi-step kit
 * builder and the facial-oil quiz. Each builder page section reads its own
 * part; the platform prices the quiz and kit bundles from the same part.
 *
 * Money is typed in whole currency units and held in minor units, as
 * everywhere in the settings.
 */
import { z } from "../common/zod.ts";
import { toMinorUnits } from "../money/money.ts";
import { handle } from "../settings/settings-fields.ts";

/** A short machine name for a step, question or answer: lower-case letters, digits and dashes. */
const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a short name such as \"cleanse\"");

const percent = z.number().min(0).max(100);

// --- Routine builder ------------------------------------------------------------------

/**
 * A product of a routine list. `exclude` shows it without adding it to the bag
 * (a suggestion the shopper may already own); `is_duplicate_of` names the
 * product it repeats from an earlier step or the other list, so the bag gets
 * it once.
 */
const routineProductSchema = z.strictObject({
  handle,
  exclude: z.boolean().default(false),
  is_duplicate_of: handle.nullable().default(null),
});

const routineStepSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().default(""),
  am_products: z.array(routineProductSchema).default([]),
  pm_products: z.array(routineProductSchema).default([]),
});

const bookingFormSchema = z.strictObject({
  /** What the booking dropdown sends and which form it shows. */
  type: z.enum(["video", "in-store", "email"]),
  label: z.string().min(1),
  description: z.string().default(""),
});

/** A builder's start screen beyond its title and lead: what the shopper comes away with, and about how long it takes (0: not said). */
const builderStartSchema = z
  .strictObject({
    points: z.array(z.string().min(1)).max(4).default([]),
    minutes: z.number().int().min(0).max(30).default(0),
  })
  .prefault({});

const routineSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    title: z.string().default("Build your routine"),
    intro: z.string().default(""),
    start: builderStartSchema,
    booking: z
      .strictObject({
        enabled: z.boolean().default(true),
        title: z.string().default("Would you like a free skin consultation?"),
        text: z.string().default(""),
        forms: z.array(bookingFormSchema).min(1).default([{ type: "video", label: "Video call", description: "" }]),
        /** Stores offered by the in-store form. */
        stores: z.array(z.string().min(1)).default([]),
      })
      .prefault({}),
    steps: z.array(routineStepSchema).default([]),
  })
  .prefault({});

// --- Quiz bundle builder ---------------------------------------------------------------

const quizAnswerSchema = z.strictObject({
  label: z.string().min(1),
  value: key,
  /** Products marked recommended in the steps when this answer is given. */
  recommends: z.array(handle).default([]),
  /** Steps (by key) this answer hides; a hidden step is skipped. */
  hides_steps: z.array(key).default([]),
});

const quizQuestionSchema = z.strictObject({
  key,
  question: z.string().min(1),
  answers: z.array(quizAnswerSchema).min(2),
});

const comparedProductSchema = z.strictObject({
  product_handle: handle,
  /** SKU of the variant offered; empty means the first variant. */
  product_variant: z.string().default(""),
  product_why: z.string().default(""),
  /** Free in a complete bundle. */
  product_is_free: z.boolean().default(false),
});

const quizStepSchema = z.strictObject({
  key,
  step_type: z.literal("product").default("product"),
  step_title: z.string().min(1),
  header_title: z.string().default(""),
  is_required: z.boolean().default(false),
  products_to_compare: z.array(comparedProductSchema).min(1),
});

const quizSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    title: z.string().default("Build your bundle"),
    /** Stage 1. */
    intro: z.strictObject({ title: z.string().min(1), text: z.string().default(""), button: z.string().default("Start") }).prefault({ title: "Find your routine" }),
    start: builderStartSchema,
    /** Stage 2. */
    questions: z.array(quizQuestionSchema).default([]),
    /** Stage 3. */
    steps: z.array(quizStepSchema).default([]),
    /** Stage 4. */
    results: z.strictObject({ title: z.string().default("Your routine"), discount_percent: percent.default(0) }).prefault({}),
  })
  .superRefine((quiz, ctx) => {
    const steps = new Set(quiz.steps.map((step) => step.key));
    quiz.questions.forEach((question, q) =>
      question.answers.forEach((answer, a) =>
        answer.hides_steps.forEach((step, s) => {
          if (!steps.has(step)) ctx.addIssue({ code: "custom", path: ["questions", q, "answers", a, "hides_steps", s], message: `no step has key "${step}"` });
        }),
      ),
    );
    uniqueKeys(quiz.steps, ["steps"], ctx);
    uniqueKeys(quiz.questions, ["questions"], ctx);
  })
  .prefault({});

function uniqueKeys(entries: readonly { key: string }[], path: (string | number)[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.key)) ctx.addIssue({ code: "custom", path: [...path, index, "key"], message: `"${entry.key}" is used twice` });
    seen.add(entry.key);
  });
}

// --- Multi-step kit builder --------------------------------------------------------------

const kitProductSchema = z.strictObject({
  handle,
  /** Picks the variant offered (case-insensitive); empty means the first variant. */
  sku: z.string().default(""),
  /** Offered in the step's popup of extra products instead of its grid. */
  is_in_popup: z.boolean().default(false),
  include_in_compare: z.boolean().default(false),
  /** Short labels on the card ("Vegan", "Bestseller"). */
  pills: z.array(z.string().min(1)).max(4).default([]),
  /** Dropdown option values under which this product is highlighted as recommended. */
  recommended_dropdown_options: z.array(key).default([]),
  /** The product's price inside the kit, whole currency units; never more than its own price. */
  price_override: z.number().positive().nullable().default(null).transform((amount) => (amount === null ? null : toMinorUnits(amount))),
  title_override: z.string().min(1).nullable().default(null),
});

const kitStepSchema = z.strictObject({
  /** A step without a title or products is dropped. */
  title: z.string().default(""),
  description: z.string().default(""),
  optional: z.boolean().default(false),
  product_limit: z.number().int().min(1).max(6).default(1),
  popup_product_limit: z.number().int().min(0).max(6).default(0),
  popup_title: z.string().default("Add an extra"),
  products: z.array(kitProductSchema).default([]),
});

const kitSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    title: z.string().default("Build your kit"),
    intro: z.string().default(""),
    start: builderStartSchema,
    /** Percent off the kit's products, shown in their display prices and charged on a complete kit. */
    discount_percentage: percent.default(0),
    bundle_text: z.string().min(1).default("Bundle Discount"),
    dropdown: z
      .strictObject({
        label: z.string().default("Show me products for"),
        options: z.array(z.strictObject({ value: key, label: z.string().min(1) })).default([]),
      })
      .prefault({}),
    steps: z.array(kitStepSchema).default([]),
  })
  .superRefine((kit, ctx) => {
    // One product has one price in the kit, whichever step offers it.
    const overrides = new Map<string, number | null>();
    kit.steps.forEach((step, s) =>
      step.products.forEach((product, p) => {
        const earlier = overrides.get(product.handle);
        if (earlier !== undefined && earlier !== product.price_override) {
          ctx.addIssue({ code: "custom", path: ["steps", s, "products", p, "price_override"], message: `${product.handle} has another price_override in an earlier step` });
        }
        overrides.set(product.handle, product.price_override);
      }),
    );
  })
  .prefault({});

// --- Facial-oil quiz ------------------------------------------------------------------------

const oilQuizSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /** The collection whose header shows the quiz. */
    collection: handle.default("oils"),
    title: z.string().default("Which oil suits your skin?"),
    start: builderStartSchema,
    /** Step 1's choices; step 2 shows the collection's product whose skin options hold the value. */
    options: z.array(z.strictObject({ value: key, label: z.string().min(1), description: z.string().default("") })).default([]),
  })
  .prefault({});

export const buildersSchema = z
  .strictObject({
    routine: routineSchema,
    quiz: quizSchema,
    kit: kitSchema,
    oilQuiz: oilQuizSchema,
  })
  .prefault({});

export type BuilderSettings = z.output<typeof buildersSchema>;
export type RoutineSettings = BuilderSettings["routine"];
export type RoutineStepSettings = RoutineSettings["steps"][number];
export type RoutineProductSettings = RoutineStepSettings["am_products"][number];
export type QuizSettings = BuilderSettings["quiz"];
export type QuizStepSettings = QuizSettings["steps"][number];
export type QuizQuestionSettings = QuizSettings["questions"][number];
export type KitSettings = BuilderSettings["kit"];
export type KitStepSettings = KitSettings["steps"][number];
export type KitProductSettings = KitStepSettings["products"][number];
export type OilQuizSettings = BuilderSettings["oilQuiz"];
