import { Form, Link } from "react-router";
import type { Route } from "./+types/account.logout";
import { accountResponse, privateHeaders } from "../accounts/answer.ts";
import { withCartRefresh } from "../accounts/client-actions.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("account_log_out"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

/** Logging out changes state, so only a post does it: a visit (or a prefetch, or another site's image) only shows the button. */
export async function loader({ context }: Route.LoaderArgs) {
  return { loggedIn: (await context.get(storefrontContext).account.customer()) !== null };
}

export async function action({ context }: Route.ActionArgs) {
  return accountResponse(await context.get(storefrontContext).account.logout());
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withCartRefresh(serverAction);
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const text = useText();
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">{text("account_log_out")}</h1>
        {loaderData.loggedIn ? (
          <Form className="account-form" method="post" action="/account/logout">
            <p>{text("account_log_out_question")}</p>
            <button className="button button--wide" type="submit">
              {text("account_log_out")}
            </button>
          </Form>
        ) : (
          <p>
            {text("account_not_logged_in")} <Link to="/account/login">{text("log_in")}</Link>
          </p>
        )}
      </div>
    </main>
  );
}
