import { Form, Link, type ShouldRevalidateFunctionArgs, data, redirect } from "react-router";
import type { Route } from "./+types/admin.login.setup";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { returnTo } from "../admin/return-to.ts";
import { CodeField, RecoveryCodes, TwoStepSecret } from "../admin/TwoStep.tsx";
import { AccountField } from "../accounts/AccountField.tsx";
import { PasskeyForm } from "../ui/PasskeyForm.tsx";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/admin.css";

export const meta: Route.MetaFunction = () => [{ title: "Set up two-step sign-in · Back office" }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

/** A sign-in the owner requires two-step sign-in of, for a member without it yet: they set it up here before going in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const back = returnTo(new URL(request.url).searchParams.get("return_to"));
  const pending = await admin.pendingSignIn();
  if (!pending) {
    // Signed in already (the recovery codes were just shown): on into the back office.
    if (await admin.staff()) throw redirect(back);
    throw redirect("/admin/login");
  }
  if (pending.stage === "code") throw redirect(`/admin/login/code?return_to=${encodeURIComponent(back)}`);
  return { email: pending.email, setup: pending.setup, returnTo: back };
}

/** The app's first code, or a first passkey, turns it on and signs in; the recovery codes are shown once, on this page, before going on. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const admin = context.get(adminContext);
  const answer = values.intent === "passkey" ? await admin.signInWithPasskeySetup(values) : await admin.signInWithSetup(values);
  if (!answer.ok) return adminResponse(answer, values);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of answer.cookies ?? []) headers.append("Set-Cookie", cookie);
  return data({ recoveryCodes: answer.recoveryCodes, returnTo: returnTo(values.return_to ?? null) }, { headers });
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // After setup the sign-in is gone: the page stays to show the recovery codes instead of moving on.
  return actionResult && "recoveryCodes" in actionResult ? false : defaultShouldRevalidate;
}

export default function AdminLoginSetup({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useShop();
  const done = actionData && "recoveryCodes" in actionData ? actionData : null;
  const problem: AdminProblem | null = actionData && !("recoveryCodes" in actionData) ? actionData : null;
  const passkeyProblem = problem?.values.intent === "passkey" ? problem : null;
  return (
    <main id="main" className="admin-login" tabIndex={-1}>
      <div className="account-panel">
        <p className="admin__badge">{shop.name} back office</p>
        <h1 className="account-panel__title">Set up two-step sign-in</h1>
        {done ? (
          <>
            <RecoveryCodes codes={done.recoveryCodes} />
            <p>
              <Link className="button button--wide" to={done.returnTo} reloadDocument>
                Continue to the back office
              </Link>
            </p>
          </>
        ) : (
          <>
            <ErrorSummary problem={problem} labels={{ code: "Code", passkey_name: "Passkey name", passkey: "Passkey" }} />
            <p>
              The shop's owner asks everyone to sign in with a second step as well as their password: a passkey on this device, or a code from an authenticator app. Set one up for {loaderData.email} now.
            </p>
            <PasskeyForm mode="add" optionsUrl="/admin/login/setup/passkey-options" action="/admin/login/setup" intent="passkey" label="Use a passkey" busyLabel="Waiting for your passkey…" className="button button--wide" needsScript>
              <input type="hidden" name="return_to" value={loaderData.returnTo} />
              <AccountField name="passkey_name" field="passkey_name" label="Passkey name" autoComplete="off" hint="Such as the device it is on: “Work laptop”." problem={passkeyProblem} maxLength={60} />
            </PasskeyForm>
            <h2 className="passkeys__or">Or use an authenticator app</h2>
            {loaderData.setup ? <TwoStepSecret setup={loaderData.setup} /> : null}
            <Form className="account-form" method="post" action="/admin/login/setup">
              <input type="hidden" name="return_to" value={loaderData.returnTo} />
              <CodeField problem={problem} hint="The 6-digit code your app now shows for this shop." />
              <SubmitButton label="Turn on and sign in" busyLabel="Checking…" action="/admin/login/setup" />
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
