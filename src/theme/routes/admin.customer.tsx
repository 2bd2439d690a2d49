import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin.customer";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { ERASE_CONFIRM_FIELD } from "../../core/admin/admin-customers.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { FulfilmentBadge, adminDates } from "../admin/orders-view.tsx";
import { SubscriptionBadge, everyText } from "../admin/subscriptions-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useMoneyIn, useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? loaderData.customer.name || loaderData.customer.email : "Customer not found"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

const LABELS = { [ERASE_CONFIRM_FIELD]: "Customer's email" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const [customer, { timeZone }] = await Promise.all([context.get(adminContext).customers.customer(Number(params.id)), context.get(storefrontContext).homePage()]);
  if (!customer) throw data(null, { status: 404, headers: adminHeaders() });
  return { customer, timeZone };
}

/** The erase form's post: the email typed again to confirm. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return adminResponse(await context.get(adminContext).customers.erase(Number(params.id), values), values);
}

const SUBSCRIPTION = { pending: "Signed up, not yet confirmed", active: "Subscribed", unsubscribed: "Unsubscribed" } as const;

/** One customer: who they are, their addresses, orders, sign-up, messages and bookings; their data to download, and erasing it on request. */
export default function AdminCustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, timeZone } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const moneyIn = useMoneyIn();
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const path = `${ADMIN_PATH}/customers/${customer.id}`;
  return (
    <>
      <p className="admin-order__back">
        <Link to={`${ADMIN_PATH}/customers`}>← All customers</Link>
      </p>
      <h1 className="admin-page__title">{customer.name || customer.email}</h1>
      <p className="admin-order__meta">
        <a href={`mailto:${customer.email}`}>{customer.email}</a> · joined <time dateTime={customer.created_at}>{dates.format(new Date(customer.created_at))}</time> ·{" "}
        {customer.accepts_marketing ? "agreed to marketing email" : "no marketing email"}
      </p>

      <div className="admin-order__layout">
        <section className="admin-order__section" aria-labelledby="customer-orders">
          <h2 className="admin-order__subtitle" id="customer-orders">
            Orders
          </h2>
          {customer.orders.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <div className="admin-orders__scroll">
              <table className="admin-table">
                <caption className="visually-hidden">Orders by {customer.email}</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="admin-table__number">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {customer.orders.map((order) => (
                    <tr key={order.id}>
                      <th scope="row">
                        <Link to={`${ADMIN_PATH}/orders/${order.id}`}>{order.name}</Link>
                      </th>
                      <td>
                        <time dateTime={order.created_at}>{dates.format(new Date(order.created_at))}</time>
                      </td>
                      <td className="admin-table__number">{moneyIn(order.total_price, order.currency)}</td>
                      <td>
                        <FulfilmentBadge status={order.fulfillment_status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2 className="admin-order__subtitle admin-order__section" id="customer-subscriptions">
            Subscriptions
          </h2>
          {customer.subscriptions.length === 0 ? <p>No subscriptions.</p> : null}
          <ul className="admin-refund__history">
            {customer.subscriptions.map((subscription) => (
              <li key={subscription.id}>
                <Link to={`${ADMIN_PATH}/subscriptions/${subscription.id}`}>Subscription {subscription.id}</Link>: {subscription.products.join(", ")},{" "}
                {everyText(subscription.interval, subscription.interval_count).toLowerCase()} <SubscriptionBadge status={subscription.status} />
              </li>
            ))}
          </ul>
          <h2 className="admin-order__subtitle admin-order__section" id="customer-contact">
            Messages and bookings
          </h2>
          {customer.messages.length === 0 && customer.bookings.length === 0 ? <p>No messages or consultation bookings.</p> : null}
          <ul className="admin-refund__history">
            {customer.messages.map((message) => (
              <li key={`m${message.id}`}>
                Message on <time dateTime={message.created_at}>{dates.format(new Date(message.created_at))}</time>: {message.body}
              </li>
            ))}
            {customer.bookings.map((booking) => (
              <li key={`b${booking.id}`}>
                Consultation {booking.reference} ({booking.type}) booked on <time dateTime={booking.created_at}>{dates.format(new Date(booking.created_at))}</time>
              </li>
            ))}
          </ul>
        </section>

        <div className="admin-order__side">
          <section className="admin-order__section" aria-labelledby="customer-addresses">
            <h2 className="admin-order__subtitle" id="customer-addresses">
              Addresses
            </h2>
            {customer.addresses.length === 0 ? <p>No saved addresses.</p> : null}
            {customer.addresses.map((address) => (
              <p key={address.id} className="admin-order__address">
                {address.lines.map((line, index) => (
                  <span key={index}>
                    {index ? <br /> : null}
                    {line}
                  </span>
                ))}
                {address.default ? <span className="admin-order__note">Default address</span> : null}
              </p>
            ))}
          </section>
          <section className="admin-order__section" aria-labelledby="customer-newsletter">
            <h2 className="admin-order__subtitle" id="customer-newsletter">
              Newsletter
            </h2>
            <p>
              {customer.subscription
                ? `${SUBSCRIPTION[customer.subscription.status]}${customer.subscription.lists.length ? ` (${customer.subscription.lists.join(", ")})` : ""}`
                : "Not signed up."}
            </p>
            <p>{customer.saved_items > 0 ? `${customer.saved_items} saved for later.` : "Nothing saved for later."}</p>
          </section>
        </div>
      </div>

      <section className="admin-order__section" aria-labelledby="customer-privacy">
        <h2 className="admin-order__subtitle" id="customer-privacy">
          Their data
        </h2>
        <p>
          <a href={`${path}/export`} download>
            Download everything the shop keeps about {customer.email} (JSON)
          </a>
        </p>
        <Form className="admin-cancel" method="post" action={path}>
          <ErrorSummary problem={problem} labels={LABELS} />
          <p>
            Erasing deletes the account, addresses, saved list, newsletter sign-up, messages and bookings. Orders are kept for the books with the name, email, phone and address removed. This cannot be undone.
          </p>
          <AccountField name={ERASE_CONFIRM_FIELD} field={ERASE_CONFIRM_FIELD} label={LABELS[ERASE_CONFIRM_FIELD]} hint={`Type ${customer.email} to confirm.`} type="email" autoComplete="off" problem={problem} />
          <SubmitButton label="Erase this customer" busyLabel="Erasing…" action={path} className="admin-button admin-button--danger" />
        </Form>
      </section>
    </>
  );
}
