import { Form, Link } from "react-router";
import type { Route } from "./+types/account.recover";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("account_reset_title"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { sent: query.get("sent") === "1", passedCheck: query.get("challenge") === "passed" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return accountResponse(await context.get(storefrontContext).account.recover(values), values);
}


/** `form_type=recover_customer_password`: the answer is the same whether or not the email has an account. */
export default function Recover({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const problem: AccountProblem | null = actionData ?? null;
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">{text("account_reset_title")}</h1>
        {loaderData.sent && !problem ? (
          <p className="account-notice" role="status">
            {text("account_recover_sent")}
          </p>
        ) : null}
        {loaderData.passedCheck && !problem ? (
          <p className="account-notice" role="status">
            {text("account_check_passed_recover")}
          </p>
        ) : null}
        <ErrorSummary problem={problem} labels={{ email: text("checkout_email") }} />
        <p>{text("account_recover_intro")}</p>
        <Form className="account-form" method="post" action="/account/recover">
          <input type="hidden" name="form_type" value="recover_customer_password" />
          <input type="hidden" name="utf8" value="✓" />
          <AccountField name="email" field="email" label={text("checkout_email")} type="email" autoComplete="email" problem={problem} />
          <SubmitButton label={text("account_send_link")} busyLabel={text("account_sending")} action="/account/recover" />
        </Form>
        <ul className="account-panel__links">
          <li>
            {text("account_remembered")} <Link to="/account/login">{text("log_in")}</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
