import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/account.login";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { withCartRefresh } from "../accounts/client-actions.ts";
import { PasskeyForm } from "../ui/PasskeyForm.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("log_in"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnUrl = url.searchParams.get("return_url") ?? "";
  if (await context.get(storefrontContext).account.customer()) throw redirect("/account");
  return { passedCheck: url.searchParams.get("challenge") === "passed", returnUrl };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const account = context.get(storefrontContext).account;
  return accountResponse(await (values.intent === "passkey-login" ? account.passkeyLogin(values) : account.login(values)), values);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withCartRefresh(serverAction);
}


/** `form_type=customer_login`, posting to `/account/login` as a Shopify theme's login form does. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const problem: AccountProblem | null = actionData ?? null;
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">{text("log_in")}</h1>
        {loaderData.passedCheck && !problem ? (
          <p className="account-notice" role="status">
            {text("account_check_passed_login")}
          </p>
        ) : null}
        <ErrorSummary problem={problem} labels={{ email: text("checkout_email"), password: text("account_password") }} />
        <Form className="account-form" method="post" action="/account/login">
          <input type="hidden" name="form_type" value="customer_login" />
          <input type="hidden" name="utf8" value="✓" />
          {loaderData.returnUrl ? <input type="hidden" name="return_url" value={loaderData.returnUrl} /> : null}
          <AccountField name="customer[email]" field="email" label={text("checkout_email")} type="email" autoComplete="email" problem={problem} />
          <AccountField name="customer[password]" field="password" label={text("account_password")} type="password" autoComplete="current-password" problem={problem} />
          <SubmitButton label={text("log_in")} busyLabel={text("account_logging_in")} action="/account/login" />
        </Form>
        <PasskeyForm
          mode="sign-in"
          optionsUrl="/account/login/passkey-options"
          action="/account/login"
          intent="passkey-login"
          label={text("account_passkey_sign_in")}
          busyLabel={text("account_passkey_waiting")}
          className="button button--secondary"
          needsScript
        >
          {loaderData.returnUrl ? <input type="hidden" name="return_url" value={loaderData.returnUrl} /> : null}
        </PasskeyForm>
        <ul className="account-panel__links">
          <li>
            <Link to="/account/recover">{text("account_forgot_password")}</Link>
          </li>
          <li>
            {text("account_new_here")} <Link to="/account/register">{text("account_create")}</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
