import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.login.code";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminHeaders, adminRedirect, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { returnTo } from "../admin/return-to.ts";
import { CodeField } from "../admin/TwoStep.tsx";
import { PasskeyForm } from "../ui/PasskeyForm.tsx";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/admin.css";

export const meta: Route.MetaFunction = () => [{ title: "Your second step · Back office" }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

/** Only a sign-in waiting on its code comes here; anyone else goes back to the password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const back = returnTo(new URL(request.url).searchParams.get("return_to"));
  if (await admin.staff()) throw redirect(back);
  const pending = await admin.pendingSignIn();
  if (!pending) throw redirect("/admin/login");
  if (pending.stage === "setup") throw redirect(`/admin/login/setup?return_to=${encodeURIComponent(back)}`);
  return { email: pending.email, app: pending.app, passkey: pending.passkey, returnTo: back };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const admin = context.get(adminContext);
  const answer = values.intent === "passkey" ? await admin.signInWithPasskey(values) : await admin.signInWithCode(values);
  return answer.ok ? adminRedirect(answer, returnTo(values.return_to ?? null)) : adminResponse(answer, values);
}

/** The second step of signing in: the authenticator app's code, or a recovery code. */
export default function AdminLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useShop();
  const problem: AdminProblem | null = actionData ?? null;
  return (
    <main id="main" className="admin-login" tabIndex={-1}>
      <div className="account-panel">
        <p className="admin__badge">{shop.name} back office</p>
        <h1 className="account-panel__title">{loaderData.app ? "Enter your code" : "Use your passkey"}</h1>
        <ErrorSummary problem={problem} labels={{ code: "Code", passkey: "Passkey" }} />
        {loaderData.passkey ? (
          <>
            <p>
              Use a passkey you added for <span className="passkeys__email">{loaderData.email}</span>: your browser asks for your fingerprint, face or screen lock.
            </p>
            <PasskeyForm mode="sign-in" optionsUrl="/admin/login/passkey-options" action="/admin/login/code" intent="passkey" label="Sign in with a passkey" busyLabel="Waiting for your passkey…" className="button button--wide">
              <input type="hidden" name="return_to" value={loaderData.returnTo} />
            </PasskeyForm>
          </>
        ) : null}
        {loaderData.app ? (
          <>
            {loaderData.passkey ? <h2 className="passkeys__or">Or enter your app's code</h2> : null}
            <p>Open your authenticator app and enter the 6-digit code it shows for {loaderData.email}.</p>
            <Form className="account-form" method="post" action="/admin/login/code">
              <input type="hidden" name="return_to" value={loaderData.returnTo} />
              <CodeField problem={problem} hint="No app to hand? Enter one of your recovery codes instead." />
              <SubmitButton label="Sign in" busyLabel="Checking…" action="/admin/login/code" name="intent" value="code" />
            </Form>
          </>
        ) : null}
        <p>
          <Link to="/admin/login">Start again with your password</Link>
        </p>
      </div>
    </main>
  );
}
