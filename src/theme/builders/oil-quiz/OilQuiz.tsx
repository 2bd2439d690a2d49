import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import { Price } from "../../cart/buying/Price.tsx";
import { useAddToCart } from "../../cart/buying/use-add-to-cart.ts";
import { useShop, useText, useSitePath } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { useEarlyInput } from "../../ui/early-input.ts";
import { offeredVariant } from "../builder-data.ts";
import type { OilQuizData } from "./oil-quiz-data.ts";

const HELPS_WITH_SHOWN = 3;

/**
 * The facial-oil quiz: step 1 is a radio group of skin options, step 2 the
 * oil made for the chosen one, with add to cart. Without JavaScript step 1
 * is a plain GET form (`?skin=`) and step 2 a plain cart form post.
 */
export function OilQuiz({ quiz, collectionUrl }: { quiz: OilQuizData; collectionUrl: string }) {
  const onSite = useSitePath();
  const shop = useShop();
  const text = useText();
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(quiz.chosen);
  const [selected, setSelected] = useState<string>(quiz.chosen ?? "");
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const legend = useRef<HTMLHeadingElement>(null);
  const answers = useRef<HTMLFormElement>(null);
  const { phase, error, add, dismissError } = useAddToCart(shop.productPage?.addToCartWaitMs ?? 1500);

  const product = chosen === null ? undefined : quiz.products[chosen];
  const option = quiz.options.find((candidate) => candidate.value === chosen);
  const variant = product ? product.variants.find((candidate) => candidate.available) ?? offeredVariant(product, "") : undefined;

  // A skin type chosen before the scripts ran is the shopper's answer: adopted as the quiz hydrates.
  useEarlyInput(answers, (changed) => {
    const answer = changed.find((control) => control.name === "skin");
    if (answer) setSelected(answer.value);
  });

  const show = (value: string) => {
    setChosen(value);
    dismissError();
    // Focus follows the step so a screen reader reads the answer.
    requestAnimationFrame(() => resultHeading.current?.focus());
  };

  return (
    <section className="oil-quiz" aria-labelledby={`${id}-title`}>
      <h2 className="oil-quiz__title" id={`${id}-title`}>
        {quiz.title}
      </h2>
      {product && option && variant ? (
        <div className="oil-quiz__result">
          <h3 className="oil-quiz__step" ref={resultHeading} tabIndex={-1}>
            {text("oil_quiz_step_oil")}
          </h3>
          <p className="oil-quiz__for">
            {text("oil_quiz_for")} <strong>{option.label.toLocaleLowerCase(shop.language)}</strong>
            {option.description ? `${text("oil_quiz_for_colon")}${option.description.charAt(0).toLocaleLowerCase(shop.language)}${option.description.slice(1)}` : "."}
          </p>
          <div className="oil-quiz__card">
            {product.image ? (
              <ProductImage className="oil-quiz__image" src={product.image.src} alt={product.image.alt} width={product.image.width} height={product.image.height} sizes="(min-width: 835px) 160px, 112px" />
            ) : null}
            <div className="oil-quiz__details">
              <p className="oil-quiz__name">
                <Link to={product.url}>{product.title}</Link>
              </p>
              <Price price={variant.price} compareAtPrice={variant.compare_at_price} />
              {product.helpsWith.length > 0 ? (
                <ul className="oil-quiz__helps" aria-label={text("helps_with")}>
                  {product.helpsWith.slice(0, HELPS_WITH_SHOWN).map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              ) : null}
              <form
                className="oil-quiz__add"
                method="post"
                action={onSite("/cart/add")}
                onSubmit={(event) => {
                  event.preventDefault();
                  void add([{ id: variant.id, quantity: 1 }]);
                }}
              >
                <input type="hidden" name="id" value={variant.id} />
                <input type="hidden" name="quantity" value="1" />
                <AddButton
                  state={variant.available ? "add" : "sold-out"}
                  phase={phase}
                  texts={{ add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("added") }}
                />
              </form>
              {error ? (
                <p className="oil-quiz__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          </div>
          <p className="oil-quiz__again">
            <Link
              to={collectionUrl}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                setChosen(null);
                dismissError();
                requestAnimationFrame(() => legend.current?.focus());
              }}
            >
              {text("oil_quiz_another")}
            </Link>
          </p>
        </div>
      ) : (
        <form
          ref={answers}
          className="oil-quiz__form"
          method="get"
          action={onSite(collectionUrl)}
          onSubmit={(event) => {
            event.preventDefault();
            if (selected) show(selected);
          }}
        >
          <fieldset className="oil-quiz__options">
            <legend>
              <h3 className="oil-quiz__step" ref={legend} tabIndex={-1}>
                {text("oil_quiz_step_skin")}
              </h3>
            </legend>
            {quiz.options.map((candidate) => (
              <label className="oil-quiz__option" key={candidate.value}>
                <input type="radio" name="skin" value={candidate.value} required checked={selected === candidate.value} onChange={() => setSelected(candidate.value)} />
                <span className="oil-quiz__option-text">
                  <span className="oil-quiz__option-label">{candidate.label}</span>
                  {candidate.description ? <span className="oil-quiz__option-description">{candidate.description}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          <button className="button oil-quiz__submit" type="submit">
            {text("oil_quiz_show")}
          </button>
        </form>
      )}
    </section>
  );
}
