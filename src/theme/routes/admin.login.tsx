import { Form, redirect } from "react-router";
import type { Route } from "./+types/admin.login";
import { AccountField } from "../accounts/AccountField.tsx";
import { ChallengeWidget } from "../accounts/ChallengeWidget.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminAddress, adminHeaders, adminRedirect, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { returnTo } from "../admin/return-to.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/admin.css";

export const meta: Route.MetaFunction = () => [{ title: "Log in · Back office" }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;


export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await context.get(adminContext).staff()) throw redirect(returnTo(url.searchParams.get("return_to")));
  return { returnTo: returnTo(url.searchParams.get("return_to")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await context.get(adminContext).login(values);
  if (!answer.ok) return adminResponse(answer, values);
  const back = returnTo(values.return_to ?? null);
  // A sign-in going on to its second step takes the page to come back to with it.
  return adminRedirect(answer, answer.next.startsWith("/login/") ? `${adminAddress(answer.next)}?return_to=${encodeURIComponent(back)}` : back);
}

const LABELS = { email: "Email", password: "Password" };

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useShop();
  const problem: AdminProblem | null = actionData ?? null;
  return (
    <main id="main" className="admin-login" tabIndex={-1}>
      <div className="account-panel">
        <p className="admin__badge">{shop.name} back office</p>
        <h1 className="account-panel__title">Log in</h1>
        <ErrorSummary problem={problem} labels={LABELS} />
        {/* With a bot check to run, the widget marks the form invalid until it is done; its own script holds an early press instead. */}
        <Form className="account-form" method="post" action="/admin/login" noValidate={Boolean(problem?.challenge)}>
          <input type="hidden" name="return_to" value={loaderData.returnTo} />
          <AccountField name="email" field="email" label="Email" type="email" autoComplete="username" problem={problem} />
          <AccountField name="password" field="password" label="Password" type="password" autoComplete="current-password" problem={problem} />
          {problem?.challenge ? (
            <>
              <p className="account-notice account-notice--warning challenge__no-script">This check runs in your browser and needs JavaScript. Turn JavaScript on, then log in again.</p>
              <ChallengeWidget key={JSON.stringify(problem.challenge)} challenge={problem.challenge} />
            </>
          ) : null}
          <SubmitButton label="Log in" busyLabel="Logging in…" action="/admin/login" />
        </Form>
      </div>
    </main>
  );
}
