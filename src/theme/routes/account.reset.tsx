import { Form, Link } from "react-router";
import type { Route } from "./+types/account.reset";
import { AccountField, NewPasswordField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues } from "../accounts/answer.ts";
import { withCartRefresh } from "../accounts/client-actions.ts";
import { storefrontContext } from "../storefront/context.ts";
import { formAnswerHeaders } from "../storefront/form-headers.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("account_choose_password"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

/** The link carries a secret: no caching, and no Referer with it to anywhere else. */
export const headers = (args: Route.HeadersArgs) => formAnswerHeaders(args, { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ params, context }: Route.LoaderArgs) {
  return { valid: await context.get(storefrontContext).account.resetLinkValid(params.id, params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return accountResponse(await context.get(storefrontContext).account.resetPassword(params.id, params.token, values), values);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withCartRefresh(serverAction);
}


/** `form_type=reset_customer_password`: a new password through the emailed link, which works once within an hour. */
export default function Reset({ loaderData, actionData, params }: Route.ComponentProps) {
  const text = useText();
  const problem: AccountProblem | null = actionData ?? null;
  const action = `/account/reset/${params.id}/${params.token}`;
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">{text("account_choose_password")}</h1>
        {loaderData.valid ? (
          <>
            <ErrorSummary problem={problem} labels={{ password: text("account_new_password"), password_confirmation: text("account_new_password_again") }} />
            <Form className="account-form" method="post" action={action}>
              <input type="hidden" name="form_type" value="reset_customer_password" />
              <input type="hidden" name="utf8" value="✓" />
              <NewPasswordField label={text("account_new_password")} problem={problem} />
              <AccountField name="customer[password_confirmation]" field="password_confirmation" label={text("account_new_password_again")} type="password" autoComplete="new-password" problem={problem} />
              <SubmitButton label={text("account_save_password")} busyLabel={text("account_saving")} action={action} />
            </Form>
          </>
        ) : (
          <div className="account-notice account-notice--warning" role="status">
            <p>{text("account_reset_expired")}</p>
            <p>
              <Link to="/account/recover">{text("account_new_link")}</Link>
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
