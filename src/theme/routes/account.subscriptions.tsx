import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/account.subscriptions";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../account/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useMoneyIn, useShop, useText } from "../storefront/use-shop.ts";
import "../account/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("subscription_account_title"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const subscriptions = await context.get(storefrontContext).account.subscriptions();
  if (!subscriptions) throw redirect("/account/login");
  return { subscriptions };
}

/** Each button posts its change (`intent`: skip, pause, resume, cancel) for one subscription. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return accountResponse(await context.get(storefrontContext).account.changeSubscription(values.subscription ?? "", values));
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const problem: AccountProblem | null = actionData ?? null;
  const text = useText();
  const money = useMoneyIn();
  const shop = useShop();
  const [search] = useSearchParams();
  // A calendar day, shown as written on that day wherever the shopper is.
  const dateText = (date: string) => new Intl.DateTimeFormat(shop.language ?? "en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account">
        <p className="account__back">
          <Link to="/account">{text("subscription_account_back")}</Link>
        </p>
        <h1 className="account-panel__title">{text("subscription_account_title")}</h1>
        <div role="status">{problem ? null : search.get("changed") ? <p>{text("subscription_changed")}</p> : null}</div>
        {problem ? <p role="alert">{text("subscription_change_refused")}</p> : null}
        {loaderData.subscriptions.length === 0 ? <p>{text("subscription_account_empty")}</p> : null}
        <ul className="address-book">
          {loaderData.subscriptions.map((subscription) => {
            const name = subscription.lines.map((line) => `${line.quantity} × ${line.title}`).join(", ");
            return (
              <li className="address-book__entry" key={subscription.id}>
                <h2 className="account__subtitle">{name}</h2>
                <p>{text(`subscription_status_${subscription.status}`)}</p>
                <p>{text("subscription_delivers_every", { interval: subscription.interval, count: subscription.intervalCount })}</p>
                <p>{text("subscription_price_per_delivery", { price: money(subscription.deliveryPrice, subscription.currency) })}</p>
                {subscription.status === "active" ? <p>{text("subscription_next_delivery", { date: dateText(subscription.nextDate) })}</p> : null}
                {subscription.status === "cancelled" ? null : (
                  <div className="address-book__actions">
                    <Form method="post">
                      <input type="hidden" name="subscription" value={subscription.id} />
                      {subscription.status === "active" ? (
                        <>
                          <button className="button button--secondary button--small" type="submit" name="intent" value="skip" aria-label={`${text("subscription_skip")}: ${name}`}>
                            {text("subscription_skip")}
                          </button>{" "}
                          <button className="button button--secondary button--small" type="submit" name="intent" value="pause" aria-label={`${text("subscription_pause")}: ${name}`}>
                            {text("subscription_pause")}
                          </button>
                        </>
                      ) : (
                        <button className="button button--secondary button--small" type="submit" name="intent" value="resume" aria-label={`${text("subscription_resume")}: ${name}`}>
                          {text("subscription_resume")}
                        </button>
                      )}
                    </Form>
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
