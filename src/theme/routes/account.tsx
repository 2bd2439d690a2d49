import { Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/account";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { AccountPasskeys } from "../accounts/AccountPasskeys.tsx";
import { AddressLines } from "../ui/AddressLines.tsx";
import { OrderHistory } from "../accounts/OrderHistory.tsx";
import { AccountSavedList } from "../accounts/AccountSavedList.tsx";
import { loadSavedAccountData } from "../accounts/saved-view.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop, useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("account_title"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const [overview, { timeZone }, saved, passkeys] = await Promise.all([storefront.account.overview(), storefront.homePage(), loadSavedAccountData(storefront), storefront.account.passkeys()]);
  if (!overview || !saved || !passkeys) throw redirect("/account/login");
  return { ...overview, timeZone, saved, passkeys };
}

/**
 * The account page's own forms (adding and removing a passkey), and Shopify
 * themes' register form posted to `/account` (`form_type=create_customer`),
 * answered as `/account/register` answers it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const account = context.get(storefrontContext).account;
  if (values.intent === "add-passkey") return accountResponse(await account.addPasskey(values), values);
  if (values.intent === "remove-passkey") return accountResponse(await account.removePasskey(values.number ?? "", values), values);
  if (values.form_type !== "create_customer") throw redirect("/account");
  const answer = await account.register(values);
  // A refused registration is shown on the register page's form, which only it has.
  if (!answer.ok) return accountResponse({ ok: true, redirect: "/account/register", cookies: answer.cookies });
  return accountResponse(answer);
}

/** The account: who you are, what you saved for later, your orders with their lines and totals, your addresses. */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const { customer, orders, addresses, timeZone, saved, passkeys } = loaderData;
  const problem: AccountProblem | null = actionData ?? null;
  const [params] = useSearchParams();
  const passkeyNotice = params.get("passkey") === "added" ? text("account_passkey_added") : params.get("passkey") === "removed" ? text("account_passkey_removed") : null;
  const shop = useShop();
  const defaultAddress = addresses.find((address) => address.default) ?? null;
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account">
        <header className="account__header">
          <h1 className="account-panel__title">{text("account_title")}</h1>
          <Form method="post" action="/account/logout">
            <button className="button button--secondary button--small" type="submit">
              {text("account_log_out")}
            </button>
          </Form>
        </header>
        <div className="account__layout">
          <div className="account__main">
            <AccountSavedList data={saved} customer={customer} />
            <section className="account__section" aria-labelledby="account-orders-title">
              <h2 className="account__subtitle" id="account-orders-title">
                {text("account_order_history")}
              </h2>
              <OrderHistory orders={orders} language={shop.language ?? "en"} timeZone={timeZone} />
            </section>
          </div>
          <div className="account__side">
            <section className="account__section" aria-labelledby="account-profile-title">
              <h2 className="account__subtitle" id="account-profile-title">
                {text("account_details")}
              </h2>
              <p className="account__name">
                {customer.first_name} {customer.last_name}
              </p>
              <p>{customer.email}</p>
              <p className="account__muted">{customer.accepts_marketing ? text("account_marketing_yes") : text("account_marketing_no")}</p>
            </section>
            <section className="account__section" aria-labelledby="account-addresses-title">
              <h2 className="account__subtitle" id="account-addresses-title">
                {text("account_addresses")}
              </h2>
              {defaultAddress ? (
                <>
                  <p className="account__muted">{text("account_default_address")}</p>
                  <AddressLines address={defaultAddress} />
                </>
              ) : (
                <p>{text("account_no_addresses")}</p>
              )}
              <Link className="account__more" to="/account/addresses">
                {addresses.length ? text("account_manage_addresses", { count: addresses.length }) : text("account_add_address")}
              </Link>
              <p>
                <Link className="account__more" to="/account/subscriptions">
                  {text("subscription_account_link")}
                </Link>
              </p>
            </section>
            <AccountPasskeys passkeys={passkeys} problem={problem} notice={problem ? null : passkeyNotice} language={shop.language ?? "en"} timeZone={timeZone} />
          </div>
        </div>
      </div>
    </main>
  );
}
