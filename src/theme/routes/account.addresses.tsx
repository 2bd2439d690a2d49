import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/account.addresses";
import { AddressForm, addressLabels } from "../accounts/AddressForm.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import { AddressLines } from "../ui/AddressLines.tsx";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("account_your_addresses"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const overview = await context.get(storefrontContext).account.overview();
  if (!overview) throw redirect("/account/login");
  const editing = params.id ? (overview.addresses.find((address) => String(address.id) === params.id) ?? null) : null;
  if (params.id && !editing) throw data(null, { status: 404 });
  return { addresses: overview.addresses, editing };
}

/** Shopify's address posts: a new one, an edit (`_method=put`), a delete (`_method=delete`), and here a default (`intent=default`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const account = context.get(storefrontContext).account;
  if (!params.id) return accountResponse(await account.saveAddress(values), values);
  if (values._method === "delete") return accountResponse(await account.deleteAddress(params.id));
  if (values.intent === "default") return accountResponse(await account.setDefaultAddress(params.id));
  return accountResponse(await account.saveAddress(values, params.id), values);
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const problem: AccountProblem | null = actionData ?? null;
  const { addresses, editing } = loaderData;
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account">
        <p className="account__back">
          <Link to="/account">← {text("account_title")}</Link>
        </p>
        <h1 className="account-panel__title">{text("account_your_addresses")}</h1>
        <div className="account__layout">
          <section className="account__section" aria-labelledby="address-book-title">
            <h2 className="account__subtitle" id="address-book-title">
              {text("account_address_book")}
            </h2>
            {addresses.length === 0 ? <p>{text("account_no_addresses")}</p> : null}
            <ul className="address-book">
              {addresses.map((address) => (
                <li className="address-book__entry" key={address.id}>
                  {address.default ? <p className="address-book__default">{text("account_default_address")}</p> : null}
                  <AddressLines address={address} />
                  <div className="address-book__actions">
                    <Link className="button button--secondary button--small" to={`/account/addresses/${address.id}`} aria-label={text("account_edit_address_label", { address: address.address1 })}>
                      {text("account_edit")}
                    </Link>
                    {address.default ? null : (
                      <Form method="post" action={`/account/addresses/${address.id}`}>
                        <button className="button button--secondary button--small" type="submit" name="intent" value="default" aria-label={text("account_make_default_label", { address: address.address1 })}>
                          {text("account_make_default")}
                        </button>
                      </Form>
                    )}
                    <Form method="post" action={`/account/addresses/${address.id}`}>
                      <input type="hidden" name="_method" value="delete" />
                      <button className="button button--secondary button--small" type="submit" aria-label={text("account_delete_address_label", { address: address.address1 })}>
                        {text("account_delete")}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section className="account__section" aria-labelledby="address-form-title">
            <h2 className="account__subtitle" id="address-form-title">
              {editing ? text("account_edit_address") : text("account_new_address")}
            </h2>
            {editing ? (
              <p>
                <Link to="/account/addresses">{text("account_cancel_editing")}</Link>
              </p>
            ) : null}
            <ErrorSummary problem={problem} labels={addressLabels(text)} />
            <AddressForm address={editing} problem={problem} />
          </section>
        </div>
      </div>
    </main>
  );
}
