import { Form, Link } from "react-router";
import type { Route } from "./+types/account.logout";
import { accountResponse, privateHeaders } from "../account/answer.ts";
import { withCartRefresh } from "../account/client-actions.ts";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../account/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Log out", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

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
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">Log out</h1>
        {loaderData.loggedIn ? (
          <Form className="account-form" method="post" action="/account/logout">
            <p>Log out of your account on this browser? Your cart stays saved in your account.</p>
            <button className="button button--wide" type="submit">
              Log out
            </button>
          </Form>
        ) : (
          <p>
            You are not logged in. <Link to="/account/login">Log in</Link>
          </p>
        )}
      </div>
    </main>
  );
}
