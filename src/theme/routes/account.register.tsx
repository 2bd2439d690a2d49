import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/account.register";
import { AccountField, NewPasswordField } from "../account/AccountField.tsx";
import { ErrorSummary } from "../account/ErrorSummary.tsx";
import { SubmitButton } from "../account/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../account/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../account/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Create an account", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

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

const LABELS = { first_name: "First name", last_name: "Last name", email: "Email", password: "Password" };

/** `form_type=create_customer`: the details, then the bot check, then the account. */
export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const problem: AccountProblem | null =
    actionData ?? (loaderData.returningWithoutAccount ? { description: NOT_CREATED, errors: {}, values: {} } : null);
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel">
        <h1 className="account-panel__title">Create an account</h1>
        <ErrorSummary problem={problem} labels={LABELS} />
        <Form className="account-form" method="post" action="/account/register">
          <input type="hidden" name="form_type" value="create_customer" />
          <input type="hidden" name="utf8" value="✓" />
          <div className="account-form__pair">
            <AccountField name="customer[first_name]" field="first_name" label="First name" autoComplete="given-name" problem={problem} maxLength={60} />
            <AccountField name="customer[last_name]" field="last_name" label="Last name" autoComplete="family-name" problem={problem} maxLength={60} />
          </div>
          <AccountField name="customer[email]" field="email" label="Email" type="email" autoComplete="email" problem={problem} />
          <NewPasswordField label="Password" problem={problem} />
          <div className="checkbox">
            <input id="account-accepts-marketing" type="checkbox" name="customer[accepts_marketing]" value="true" defaultChecked={problem?.values["customer[accepts_marketing]"] === "true"} />
            <label htmlFor="account-accepts-marketing">Email me news and offers</label>
          </div>
          <p className="account-form__note">Next comes a quick check that you are a person, which your browser does for you.</p>
          <SubmitButton label="Create account" busyLabel="Checking your details…" action="/account/register" />
        </Form>
        <ul className="account-panel__links">
          <li>
            Already have an account? <Link to="/account/login">Log in</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
