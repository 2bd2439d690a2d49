import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/account.subscriptions";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useLongDay, useMoneyIn, useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("subscription_account_title"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const subscriptions = await context.get(storefrontContext).account.subscriptions();
  if (!subscriptions) throw redirect("/account/login");
  return { subscriptions };
}

/** Each button posts its change (`intent`: update_card, skip, pause, resume, cancel, delay, deliver_now, frequency, quantity, swap) for one subscription. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return accountResponse(await context.get(storefrontContext).account.changeSubscription(values.subscription ?? "", values), { intent: values.intent ?? "" });
}

/** Changes asked with a choice the customer can correct (a date, a quantity) are told so; others were overtaken by another change. */
const CORRECTABLE = new Set(["delay", "quantity"]);

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const problem: AccountProblem | null = actionData ?? null;
  const text = useText();
  const money = useMoneyIn();
  const [search] = useSearchParams();
  // A calendar day, shown as written on that day wherever the shopper is.
  const dateText = useLongDay();
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account">
        <p className="account__back">
          <Link to="/account">{text("subscription_account_back")}</Link>
        </p>
        <h1 className="account-panel__title">{text("subscription_account_title")}</h1>
        <div role="status">{problem ? null : search.get("changed") ? <p>{text("subscription_changed")}</p> : search.get("card") === "updated" ? <p>{text("subscription_card_updated")}</p> : null}</div>
        {problem ? <p role="alert">{text(CORRECTABLE.has(problem.values.intent ?? "") ? "subscription_change_check" : "subscription_change_refused")}</p> : null}
        {loaderData.subscriptions.length === 0 ? <p>{text("subscription_account_empty")}</p> : null}
        <ul className="address-book">
          {loaderData.subscriptions.map((subscription) => {
            const name = subscription.lines.map((line) => `${line.quantity} × ${line.title}`).join(", ");
            return (
              <li className="address-book__entry" key={subscription.id} id={`subscription-${subscription.id}`}>
                <h2 className="account__subtitle">{name}</h2>
                <p>{text(`subscription_status_${subscription.status}`)}</p>
                <p>{text("subscription_delivers_every", { interval: subscription.interval, count: subscription.intervalCount })}</p>
                <p>{text("subscription_price_per_delivery", { price: money(subscription.deliveryPrice, subscription.currency) })}</p>
                {subscription.status === "active" ? <p>{text("subscription_next_delivery", { date: dateText(subscription.nextDate) })}</p> : null}
                <PaymentNotice subscription={subscription} name={name} dateText={dateText} />
                {subscription.status === "cancelled" ? null : (
                  <div className="address-book__actions">
                    <Form method="post">
                      <input type="hidden" name="subscription" value={subscription.id} />
                      {subscription.status === "active" ? (
                        <>
                          <button
                            id={`subscription-${subscription.id}-skip`}
                            className="button button--secondary button--small"
                            type="submit"
                            name="intent"
                            value="skip"
                            aria-label={`${text("subscription_skip")}: ${name}`}
                          >
                            {text("subscription_skip")}
                          </button>{" "}
                          <button className="button button--secondary button--small" type="submit" name="intent" value="pause" aria-label={`${text("subscription_pause")}: ${name}`}>
                            {text("subscription_pause")}
                          </button>{" "}
                          <button className="button button--secondary button--small" type="submit" name="intent" value="deliver_now" aria-label={`${text("subscription_deliver_now")}: ${name}`}>
                            {text("subscription_deliver_now")}
                          </button>
                        </>
                      ) : (
                        <button className="button button--secondary button--small" type="submit" name="intent" value="resume" aria-label={`${text("subscription_resume")}: ${name}`}>
                          {text("subscription_resume")}
                        </button>
                      )}
                    </Form>
                    {subscription.status === "active" ? <DelayForm subscription={subscription} name={name} /> : null}
                    <ChangeForms subscription={subscription} name={name} />
                    <Form method="post">
                      <input type="hidden" name="subscription" value={subscription.id} />
                      <label htmlFor={`cancel-reason-${subscription.id}`}>{text("subscription_cancel_reason")}</label>
                      <input id={`cancel-reason-${subscription.id}`} name="reason" type="text" maxLength={500} />
                      <button className="button button--secondary button--small" type="submit" name="intent" value="cancel" aria-label={`${text("subscription_cancel")}: ${name}`}>
                        {text("subscription_cancel")}
                      </button>
                    </Form>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </main>
  );
}

type Subscription = Route.ComponentProps["loaderData"]["subscriptions"][number];

/** A declined renewal payment (being retried, or failed at every try) said in words, with the way to give a new card. */
function PaymentNotice({ subscription, name, dateText }: { subscription: Subscription; name: string; dateText: (date: string) => string }) {
  const text = useText();
  const notice =
    subscription.status === "failed"
      ? text("subscription_payment_failed")
      : subscription.paymentRetryOn && subscription.status !== "cancelled"
        ? text("subscription_payment_retrying", { date: dateText(subscription.paymentRetryOn) })
        : null;
  if (!notice && !subscription.cardUpdatable) return null;
  return (
    <div className="subscription-payment">
      {notice ? <p className="subscription-payment__notice">{notice}</p> : null}
      {subscription.cardUpdatable ? (
        // The provider's page is another site: the browser goes there itself.
        <Form method="post" reloadDocument>
          <input type="hidden" name="subscription" value={subscription.id} />
          <button
            id={`subscription-${subscription.id}-card`}
            className={`button ${notice ? "" : "button--secondary "}button--small`}
            type="submit"
            name="intent"
            value="update_card"
            aria-label={`${text("subscription_update_card")}: ${name}`}
          >
            {text("subscription_update_card")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** Delay the next delivery: by one or two weeks, or to a chosen day. */
function DelayForm({ subscription, name }: { subscription: Subscription; name: string }) {
  const text = useText();
  const id = `subscription-${subscription.id}-delay`;
  return (
    <Form method="post" className="subscription-change">
      <input type="hidden" name="subscription" value={subscription.id} />
      <fieldset id={id} className="subscription-change__fieldset">
        <legend>{text("subscription_delay_legend")}</legend>
        <label>
          <input type="radio" name="delay" value="1w" defaultChecked /> {text("subscription_delay_one_week")}
        </label>
        <label>
          <input type="radio" name="delay" value="2w" /> {text("subscription_delay_two_weeks")}
        </label>
        <label>
          <input type="radio" name="delay" value="date" /> {text("subscription_delay_to_date")}
        </label>
        <label htmlFor={`${id}-date`}>{text("subscription_delay_date")}</label>
        <input id={`${id}-date`} name="date" type="date" min={subscription.nextDate} />
      </fieldset>
      <button className="button button--secondary button--small" type="submit" name="intent" value="delay" aria-label={`${text("subscription_delay")}: ${name}`}>
        {text("subscription_delay")}
      </button>
    </Form>
  );
}

/** Change how often it comes, how many of each product, or swap a product for another offering the same frequency. */
function ChangeForms({ subscription, name }: { subscription: Subscription; name: string }) {
  const text = useText();
  const id = `subscription-${subscription.id}`;
  return (
    <>
      {subscription.frequencies.length > 1 ? (
        <Form method="post" className="subscription-change">
          <input type="hidden" name="subscription" value={subscription.id} />
          <label htmlFor={`${id}-plan`}>{text("subscription_frequency_label")}</label>
          <select id={`${id}-plan`} name="plan" defaultValue={subscription.planId ?? undefined}>
            {subscription.frequencies.map((frequency) => (
              <option key={frequency.planId} value={frequency.planId}>
                {text("subscription_deliver_every", { interval: frequency.interval, count: frequency.intervalCount })}
              </option>
            ))}
          </select>
          <button className="button button--secondary button--small" type="submit" name="intent" value="frequency" aria-label={`${text("subscription_change_frequency")}: ${name}`}>
            {text("subscription_change_frequency")}
          </button>
        </Form>
      ) : null}
      {subscription.lines.map((line) => (
        <div key={line.variant_id} className="subscription-change">
          <Form method="post">
            <input type="hidden" name="subscription" value={subscription.id} />
            <input type="hidden" name="variant" value={line.variant_id} />
            <label htmlFor={`${id}-quantity-${line.variant_id}`}>{text("subscription_quantity_label", { title: line.title })}</label>
            <input id={`${id}-quantity-${line.variant_id}`} name="quantity" type="number" min={1} max={10} defaultValue={line.quantity} inputMode="numeric" />
            <button className="button button--secondary button--small" type="submit" name="intent" value="quantity" aria-label={`${text("subscription_change_quantity")}: ${line.title}`}>
              {text("subscription_change_quantity")}
            </button>
          </Form>
          {subscription.swaps.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="subscription" value={subscription.id} />
              <input type="hidden" name="variant" value={line.variant_id} />
              <label htmlFor={`${id}-swap-${line.variant_id}`}>{text("subscription_swap_label", { title: line.title })}</label>
              <select id={`${id}-swap-${line.variant_id}`} name="to">
                {subscription.swaps.map((swap) => (
                  <option key={swap.variantId} value={swap.variantId}>
                    {swap.title}
                  </option>
                ))}
              </select>
              <button className="button button--secondary button--small" type="submit" name="intent" value="swap" aria-label={`${text("subscription_swap")}: ${line.title}`}>
                {text("subscription_swap")}
              </button>
            </Form>
          ) : null}
        </div>
      ))}
    </>
  );
}
