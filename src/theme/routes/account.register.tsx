import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/account.register";
import { AccountField, NewPasswordField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("account_create"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

/**
 * The bot check sends a new customer back here. Returning from `/challenge`
 * without an error to show, the page goes on to `/account`; if no account
 * was made (the email has one already, whose owner the shop emailed), the
 * page says what to do instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const returning = new URL(request.url).searchParams.get("challenge") === "passed";
  const customer = await context.get(storefrontContext).account.customer();
  if (returning && customer) throw redirect("/account");
  return { returningWithoutAccount: returning && !customer };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return accountResponse(await context.get(storefrontContext).account.register(values), values);
}

const NOT_CREATED = "No new account was created. If that email already has an account, log in, or reset your password if you have forgotten it: we have emailed it about this.";


/** `form_type=create_customer`: the details, then the bot check, then the account. */
export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const problem: AccountProblem | null =
    actionData ?? (loaderData.returningWithoutAccount ? { description: NOT_CREATED, errors: {}, values: {} } : null);
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">{text("account_create")}</h1>
        <ErrorSummary problem={problem} labels={{ first_name: text("checkout_first_name"), last_name: text("checkout_last_name"), email: text("checkout_email"), password: text("account_password") }} />
        <Form className="account-form" method="post" action="/account/register">
          <input type="hidden" name="form_type" value="create_customer" />
          <input type="hidden" name="utf8" value="✓" />
          <div className="account-form__pair">
            <AccountField name="customer[first_name]" field="first_name" label={text("checkout_first_name")} autoComplete="given-name" problem={problem} maxLength={60} />
            <AccountField name="customer[last_name]" field="last_name" label={text("checkout_last_name")} autoComplete="family-name" problem={problem} maxLength={60} />
          </div>
          <AccountField name="customer[email]" field="email" label={text("checkout_email")} type="email" autoComplete="email" problem={problem} />
          <NewPasswordField label={text("account_password")} problem={problem} />
          <div className="checkbox">
            <input id="account-accepts-marketing" type="checkbox" name="customer[accepts_marketing]" value="true" defaultChecked={problem?.values["customer[accepts_marketing]"] === "true"} />
            <label htmlFor="account-accepts-marketing">{text("account_accepts_marketing")}</label>
          </div>
          <p className="account-form__note">{text("account_check_note")}</p>
          <SubmitButton label={text("account_create_button")} busyLabel={text("account_checking")} action="/account/register" />
        </Form>
        <ul className="account-panel__links">
          <li>
            {text("account_have_account")} <Link to="/account/login">{text("log_in")}</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
