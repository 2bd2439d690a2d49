import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin.subscription";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { type AdminSubscription, type AdminSubscriptionEvent, CANCEL_CONFIRM_FIELD, type PlanInterval, SUBSCRIPTION_INTENTS, priceField } from "../../core/admin/admin-subscriptions.ts";
import { decimalAmount } from "../../core/money/money.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { FieldFrame } from "../accounts/FieldFrame.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { SubscriptionBadge, calendarDayText, everyText } from "../admin/subscriptions-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useMoneyIn, useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Subscription ${loaderData.subscription.id}` : "Subscription not found"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [subscription, { timeZone }] = await Promise.all([context.get(adminContext).subscriptions.subscription(Number(params.id)), context.get(storefrontContext).homePage()]);
  if (!subscription) throw data(null, { status: 404, headers: adminHeaders() });
  const saved = new URL(request.url).searchParams.get("saved");
  return { subscription, timeZone, saved: (SUBSCRIPTION_INTENTS as readonly (string | null)[]).includes(saved) ? saved : null };
}

/** The page's forms post here, each naming its change with `intent`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return adminResponse(await context.get(adminContext).subscriptions.change(Number(params.id), values), values);
}

const SAVED: Record<string, string> = {
  skip: "The next delivery was skipped.",
  pause: "The subscription is paused.",
  resume: "The subscription is active again.",
  cancel: "The subscription is cancelled.",
  reschedule: "The next delivery date was changed.",
  price: "The new price was saved. The next renewal charges it.",
};

/** One subscription as staff work it: who, what, how often and for how much; its history and renewal orders; and the merchant's changes. */
export default function AdminSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, timeZone, saved } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const moneyIn = useMoneyIn();
  const money = (cents: number) => moneyIn(cents, subscription.currency);
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const dayText = (date: string) => calendarDayText(language, date);
  const path = `${ADMIN_PATH}/subscriptions/${subscription.id}`;
  const labels: Record<string, string> = {
    date: "Next delivery date",
    reason: "Reason",
    [CANCEL_CONFIRM_FIELD]: "Confirm",
    ...Object.fromEntries(subscription.lines.map((line) => [priceField(line.variant_id), `Price of ${line.title}`])),
  };
  return (
    <>
      <p className="admin-order__back">
        <Link to={`${ADMIN_PATH}/subscriptions`}>← All subscriptions</Link>
      </p>
      <div className="admin-order__header">
        <h1 className="admin-page__title">Subscription {subscription.id}</h1>
        <SubscriptionBadge status={subscription.status} />
      </div>
      <p className="admin-order__meta">
        <Link to={`${ADMIN_PATH}/customers/${subscription.customer_id}`}>{subscription.customer_name || subscription.email}</Link> ({subscription.email}) · started{" "}
        <time dateTime={subscription.created_at}>{dates.format(new Date(subscription.created_at))}</time>
        {subscription.origin_order ? (
          <>
            {" "}
            with order <Link to={`${ADMIN_PATH}/orders/${subscription.origin_order.id}`}>{subscription.origin_order.name}</Link>
          </>
        ) : null}
      </p>
      {saved && !problem ? (
        <p className="admin-notice" role="status">
          {SAVED[saved]}
        </p>
      ) : null}

      <div className="admin-order__layout">
        <section className="admin-order__section" aria-labelledby="subscription-delivery">
          <h2 className="admin-order__subtitle" id="subscription-delivery">
            Each delivery
          </h2>
          <div className="admin-orders__scroll">
            <table className="admin-table">
              <caption className="visually-hidden">Products in subscription {subscription.id}</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="admin-table__number">
                    Quantity
                  </th>
                  <th scope="col" className="admin-table__number">
                    Unit price
                  </th>
                </tr>
              </thead>
              <tbody>
                {subscription.lines.map((line) => (
                  <tr key={line.variant_id}>
                    <th scope="row">
                      {line.title}
                      {line.sku ? <span className="admin-order__muted"> · {line.sku}</span> : null}
                    </th>
                    <td className="admin-table__number">{line.quantity}</td>
                    <td className="admin-table__number">{money(line.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="admin-subscription__facts">
            <dt>Plan</dt>
            <dd>{everyText(subscription.interval, subscription.interval_count)}</dd>
            <dt>Per delivery</dt>
            <dd>
              {money(subscription.delivery_price)} and {money(subscription.shipping_price)} shipping ({subscription.shipping_method === "express" ? "express" : "standard"}), before any tax
            </dd>
            <dt>Next delivery</dt>
            <dd>{subscription.status === "active" ? <time dateTime={subscription.next_date}>{dayText(subscription.next_date)}</time> : subscription.status === "paused" ? "None while paused" : subscription.status === "failed" ? "None until the card is updated" : "None"}</dd>
            {subscription.cancel_reason ? (
              <>
                <dt>Reason for cancelling</dt>
                <dd>{subscription.cancel_reason}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <div className="admin-order__side">
          <section className="admin-order__section" aria-labelledby="subscription-renewals">
            <h2 className="admin-order__subtitle" id="subscription-renewals">
              Renewal orders
            </h2>
            {subscription.renewals.length === 0 ? <p>No renewals yet.</p> : null}
            <ul className="admin-refund__history">
              {subscription.renewals.map((renewal) => (
                <li key={renewal.scheduled_date}>
                  <time dateTime={renewal.scheduled_date}>{dayText(renewal.scheduled_date)}</time>:{" "}
                  {renewal.order ? (
                    <>
                      order <Link to={`${ADMIN_PATH}/orders/${renewal.order.id}`}>{renewal.order.name}</Link>
                      {renewal.status === "charging" ? (renewal.retry_on ? <>, payment declined, tried again on {dayText(renewal.retry_on)}</> : ", payment being taken") : null}
                      {renewal.status === "failed" ? ", payment failed at every try (order voided)" : null}
                    </>
                  ) : (
                    "waiting for stock"
                  )}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      {subscription.status === "cancelled" ? null : <Changes subscription={subscription} path={path} problem={problem} labels={labels} />}

      <section className="admin-order__section" aria-labelledby="subscription-history">
        <h2 className="admin-order__subtitle" id="subscription-history">
          History
        </h2>
        <ol className="admin-refund__history">
          {subscription.events.map((event) => (
            <li key={event.id}>
              <time dateTime={event.at}>{dates.format(new Date(event.at))}</time>: <EventText event={event} money={money} dayText={dayText} />
              {event.staff ? <> (by {event.staff})</> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** The merchant's changes: skip, pause or resume, a new next date, a price override, cancel (with a box to confirm). */
function Changes({ subscription, path, problem, labels }: { subscription: AdminSubscription; path: string; problem: AdminProblem | null; labels: Record<string, string> }) {
  const active = subscription.status === "active";
  return (
    <section className="admin-order__section" aria-labelledby="subscription-changes">
      <h2 className="admin-order__subtitle" id="subscription-changes">
        Change the subscription
      </h2>
      <ErrorSummary problem={problem} labels={labels} />
      <div className="admin-subscription__actions">
        {active ? (
          <Form className="admin-subscription__action" method="post" action={path} aria-labelledby="subscription-skip">
            <h3 id="subscription-skip">Skip the next delivery</h3>
            <p>The delivery after it becomes the next.</p>
            <SubmitButton label="Skip next delivery" busyLabel="Skipping…" action={path} name="intent" value="skip" className="admin-button" />
          </Form>
        ) : null}
        <Form className="admin-subscription__action" method="post" action={path} aria-labelledby="subscription-pause">
          <h3 id="subscription-pause">{active ? "Pause" : "Resume"}</h3>
          <p>{active ? "No deliveries until it is resumed." : "Deliveries start again on the first delivery date after today; missed ones are not made up."}</p>
          {active ? (
            <SubmitButton label="Pause subscription" busyLabel="Pausing…" action={path} name="intent" value="pause" className="admin-button" />
          ) : (
            <SubmitButton label="Resume subscription" busyLabel="Resuming…" action={path} name="intent" value="resume" className="admin-button" />
          )}
        </Form>
        {active ? (
          // Keyed by the date, so the field shows the new date once a change is saved.
          <Form key={subscription.next_date} className="admin-subscription__action" method="post" action={path} aria-labelledby="subscription-reschedule">
            <h3 id="subscription-reschedule">Change the next date</h3>
            <AccountField name="date" field="date" label={labels.date ?? "Date"} type="date" autoComplete="off" problem={problem} defaultValue={subscription.next_date} hint="Later deliveries follow on from it." />
            <SubmitButton label="Change date" busyLabel="Changing…" action={path} name="intent" value="reschedule" className="admin-button" />
          </Form>
        ) : null}
        <Form key={subscription.lines.map((line) => line.price).join()} className="admin-subscription__action" method="post" action={path} aria-labelledby="subscription-price">
          <h3 id="subscription-price">Override the price</h3>
          <p>Unit prices in {subscription.currency}, from the next renewal on. The customer sees the new price in their account.</p>
          {subscription.lines.map((line) => (
            <AccountField
              key={line.variant_id}
              name={priceField(line.variant_id)}
              field={priceField(line.variant_id)}
              label={labels[priceField(line.variant_id)] ?? line.title}
              autoComplete="off"
              problem={problem}
              defaultValue={decimalAmount(line.price)}
              maxLength={20}
            />
          ))}
          <SubmitButton label="Save price" busyLabel="Saving…" action={path} name="intent" value="price" className="admin-button" />
        </Form>
        <Form className="admin-subscription__action" method="post" action={path} aria-labelledby="subscription-cancel">
          <h3 id="subscription-cancel">Cancel</h3>
          <AccountField name="reason" field="reason" label={labels.reason ?? "Reason"} autoComplete="off" problem={problem} required={false} maxLength={500} />
          <FieldFrame field={CANCEL_CONFIRM_FIELD} label="No more deliveries will be made, and it cannot be resumed" problem={problem} className="field admin-subscription__confirm">
            {(control) => <input {...control} type="checkbox" name={CANCEL_CONFIRM_FIELD} required />}
          </FieldFrame>
          <SubmitButton label="Cancel subscription" busyLabel="Cancelling…" action={path} name="intent" value="cancel" className="admin-button admin-button--danger" />
        </Form>
      </div>
    </section>
  );
}

/** One event of the history in words. */
function EventText({ event, money, dayText }: { event: AdminSubscriptionEvent; money: (cents: number) => string; dayText: (date: string) => string }) {
  const detail = event.detail;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const orderLink = typeof detail.order_id === "number" ? <Link to={`${ADMIN_PATH}/orders/${detail.order_id}`}>the order</Link> : "an order";
  switch (event.kind) {
    case "created":
      return <>Started with {orderLink}</>;
    case "renewed":
      return (
        <>
          Renewed for {dayText(text(detail.date))}: {orderLink}
        </>
      );
    case "charged":
      return (
        <>
          Payment taken for {dayText(text(detail.date))} ({orderLink}, try {String(detail.attempt)})
        </>
      );
    case "payment_failed":
      return (
        <>
          Payment declined for {dayText(text(detail.date))} (try {String(detail.attempt)}, {text(detail.code)}):{" "}
          {typeof detail.retry_on === "string" ? `tried again on ${dayText(detail.retry_on)}` : "no more tries, subscription failed"}
        </>
      );
    case "card_updated":
      return <>Card updated by the customer{detail.reactivated === true ? ", subscription active again" : ""}</>;
    case "waiting_for_stock":
      return <>Waiting for stock for {dayText(text(detail.date))}</>;
    case "reminded":
      return <>Reminder sent for {dayText(text(detail.date))}</>;
    case "skipped":
      return <>Skipped the delivery of {dayText(text(detail.date))}</>;
    case "paused":
      return <>Paused</>;
    case "resumed":
      return <>Resumed</>;
    case "cancelled":
      return <>Cancelled{text(detail.reason) ? `: “${text(detail.reason)}”` : ""}</>;
    case "delayed":
      return (
        <>
          Next delivery moved from {dayText(text(detail.from))} to {dayText(text(detail.to))}
        </>
      );
    case "delivered_now":
      return <>Delivered at once instead of on {dayText(text(detail.from))}</>;
    case "frequency_changed": {
      const to = detail.to as { interval?: PlanInterval; interval_count?: number } | undefined;
      return <>Frequency changed{to?.interval && to.interval_count ? ` to ${everyText(to.interval, to.interval_count).toLowerCase()}` : ""}</>;
    }
    case "quantity_changed":
      return (
        <>
          Quantity changed from {String(detail.from)} to {String(detail.to)}
        </>
      );
    case "swapped": {
      const from = detail.from as { title?: unknown } | undefined;
      const to = detail.to as { title?: unknown } | undefined;
      return (
        <>
          Swapped {text(from?.title)} for {text(to?.title)}
        </>
      );
    }
    case "price_overridden": {
      const lines = Array.isArray(detail.lines) ? (detail.lines as { title?: unknown; from?: unknown; to?: unknown }[]) : [];
      return (
        <>
          Price changed:{" "}
          {lines.map((line) => `${text(line.title)} from ${money(Number(line.from))} to ${money(Number(line.to))}`).join("; ")}
        </>
      );
    }
    default:
      return <>{event.kind}</>;
  }
}
