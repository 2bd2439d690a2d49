import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { adminHeaders } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { useMoneyIn } from "../storefront/use-shop.ts";
import "../admin/orders.css";

export const meta: Route.MetaFunction = () => [{ title: "Home · Back office" }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const [home, failedEmails] = await Promise.all([admin.home(), admin.failedEmails()]);
  return { home, failedEmails };
}

/** The words of the list of emails not delivered. */
const FAILED_EMAILS_TEXT = {
  title: "Emails not delivered",
  explanation: "The mail server refused these after every try. Each is kept whole; check the address and the mail server's answer.",
  to: "To",
  subject: "Subject",
  tries: "Tries",
  error: "Mail server's answer",
  gaveUp: "Given up",
} as const;

/** The day at a glance: today's orders and sales, what waits to be sent, and what runs low. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { home, failedEmails } = loaderData;
  const moneyIn = useMoneyIn();
  return (
    <>
      <h1 className="admin-page__title">Today</h1>
      <ul className="admin-cards">
        <li className="admin-card">
          <h2 className="admin-card__label">Orders today</h2>
          <p className="admin-card__figure">{home.today.orders}</p>
        </li>
        <li className="admin-card">
          <h2 className="admin-card__label">Sales today</h2>
          {home.today.sales.length === 0 ? (
            <p className="admin-card__figure">None yet</p>
          ) : (
            <ul className="admin-card__list">
              {home.today.sales.map((sale) => (
                <li key={sale.currency} className="admin-card__figure">
                  {moneyIn(sale.amount, sale.currency)} <span className="admin-card__unit">{sale.currency}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
        <li className="admin-card">
          <h2 className="admin-card__label">Subscription renewals due in 7 days</h2>
          <p className="admin-card__figure">{home.renewalsDueSoon}</p>
        </li>
        <li className="admin-card">
          <h2 className="admin-card__label">Waiting to be sent</h2>
          <p className="admin-card__figure">{home.unfulfilled}</p>
          <Link className="admin-card__link" to="/admin/orders?status=unfulfilled">
            See the orders to send
          </Link>
        </li>
        <li className="admin-card">
          <h2 className="admin-card__label">Low on stock</h2>
          <p className="admin-card__figure">{home.lowStock}</p>
          <p className="admin-card__note">Variants with {home.lowStockThreshold} or fewer left</p>
          <Link className="admin-card__link" to="/admin/stock?low=1">
            See the low stock
          </Link>
        </li>
      </ul>
      {failedEmails.length > 0 ? (
        <section className="admin-home__failed-emails" aria-labelledby="failed-emails-title">
          <h2 id="failed-emails-title" className="admin-page__title">
            {FAILED_EMAILS_TEXT.title}
          </h2>
          <p>{FAILED_EMAILS_TEXT.explanation}</p>
          <div className="admin-orders__scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{FAILED_EMAILS_TEXT.to}</th>
                  <th scope="col">{FAILED_EMAILS_TEXT.subject}</th>
                  <th scope="col">{FAILED_EMAILS_TEXT.tries}</th>
                  <th scope="col">{FAILED_EMAILS_TEXT.error}</th>
                  <th scope="col">{FAILED_EMAILS_TEXT.gaveUp}</th>
                </tr>
              </thead>
              <tbody>
                {failedEmails.map((email) => (
                  <tr key={email.id}>
                    <td>{email.to}</td>
                    <td>{email.subject}</td>
                    <td>{email.attempts}</td>
                    <td>{email.error}</td>
                    <td>
                      <time dateTime={email.gaveUpAt}>{email.gaveUpAt.slice(0, 16).replace("T", " ")} UTC</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
