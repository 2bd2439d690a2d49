import { Form, data, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.account";
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "../../core/admin/admin-staff.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { CodeField, RecoveryCodes, TwoStepSecret } from "../admin/TwoStep.tsx";
import { PasskeyForm } from "../ui/PasskeyForm.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/orders.css";

export const meta: Route.MetaFunction = () => [{ title: "Your account · Back office" }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

const PAGE = "/admin/account";

export async function loader({ context }: Route.LoaderArgs) {
  const [account, { timeZone }] = await Promise.all([context.get(adminContext).account.account(), context.get(storefrontContext).homePage()]);
  if (!account) throw data({ message: "Your session has ended." }, { status: 401 });
  return { account, timeZone };
}

/** The page's forms, each naming itself by `intent`; new recovery codes are answered on the page, shown once. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const account = context.get(adminContext).account;
  if (values.intent === "confirm" || values.intent === "renew") {
    const answer = values.intent === "confirm" ? await account.confirmTwoStep(values) : await account.renewRecoveryCodes(values);
    if (!answer.ok) return adminResponse(answer, values);
    return data({ recoveryCodes: answer.recoveryCodes }, { headers: { "Cache-Control": "private, no-store" } });
  }
  const answer =
    values.intent === "start"
      ? await account.startTwoStep()
      : values.intent === "off"
        ? await account.turnOffTwoStep(values)
        : values.intent === "end"
          ? await account.endSession(Number(values.session))
          : values.intent === "add-passkey"
            ? await account.addPasskey(values)
            : values.intent === "remove-passkey"
              ? await account.removePasskey(Number(values.number), values)
              : await account.changePassword(values);
  return adminResponse(answer, values);
}

/** The signed-in member's own page: two-step sign-in, where they are signed in, and their password. */
export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { account, timeZone } = loaderData;
  const codes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  const problem: AdminProblem | null = actionData && !("recoveryCodes" in actionData) ? actionData : null;
  const problemFor = (...intents: string[]) => (problem && intents.includes(problem.values.intent ?? "password") ? problem : null);
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const [params] = useSearchParams();
  const notice =
    params.get("password") === "changed"
      ? "Your password is changed. Every other session has ended."
      : params.get("ended")
        ? "That session has ended."
        : params.get("two_step") === "off"
          ? "Two-step sign-in is off."
          : params.get("passkey") === "added"
            ? "Your passkey is added. You can use it to sign in after your password."
            : params.get("passkey") === "removed"
              ? "That passkey is removed."
              : null;
  const twoStepProblem = problemFor("start", "confirm", "off", "renew");
  return (
    <>
      <h1 className="admin-page__title">Your account</h1>
      <p>
        {account.name} · {account.email}
      </p>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}

      <section className="admin-order__section" aria-labelledby="two-step">
        <h2 className="admin-order__subtitle" id="two-step">
          Two-step sign-in
        </h2>
        {codes ? <RecoveryCodes codes={codes} /> : null}
        <ErrorSummary problem={twoStepProblem} labels={{ code: "Code", password: "Password" }} />
        {account.twoStep ? (
          <>
            <p>
              On: signing in asks for a code from your authenticator app after your password. {account.recoveryCodesLeft} recovery {account.recoveryCodesLeft === 1 ? "code is" : "codes are"} left.
              {account.twoStepRequired ? " The owner requires it for everyone." : null}
            </p>
            <Form className="admin-cancel" method="post" action={PAGE}>
              <AccountField name="password" field="password" label="Password" type="password" autoComplete="current-password" hint="To change your recovery codes or turn two-step sign-in off." problem={twoStepProblem} />
              <div className="admin-staff__actions">
                <SubmitButton label="Make new recovery codes" busyLabel="Making…" action={PAGE} name="intent" value="renew" className="admin-button" />
                {account.twoStepRequired ? null : <SubmitButton label="Turn off two-step sign-in" busyLabel="Turning off…" action={PAGE} name="intent" value="off" className="admin-button admin-button--quiet" />}
              </div>
            </Form>
          </>
        ) : account.setup ? (
          <>
            <TwoStepSecret setup={account.setup} />
            <Form className="admin-cancel" method="post" action={PAGE}>
              <CodeField problem={twoStepProblem} hint="The 6-digit code your app now shows for this shop." />
              <SubmitButton label="Turn on two-step sign-in" busyLabel="Checking…" action={PAGE} name="intent" value="confirm" className="admin-button" />
            </Form>
          </>
        ) : (
          <>
            <p>Off. With two-step sign-in, signing in asks for a code from an authenticator app on your phone as well as your password, so a stolen password alone does not open the back office.</p>
            <Form method="post" action={PAGE}>
              <SubmitButton label="Set up two-step sign-in" busyLabel="Starting…" action={PAGE} name="intent" value="start" className="admin-button" />
            </Form>
          </>
        )}
      </section>

      <PasskeysSection passkeys={account.passkeys} dates={dates} problemFor={problemFor} />

      <section className="admin-order__section" aria-labelledby="sessions">
        <h2 className="admin-order__subtitle" id="sessions">
          Where you are signed in
        </h2>
        {problemFor("end") ? (
          <div className="error-summary" role="alert">
            <h3 className="error-summary__title">{problemFor("end")?.description}</h3>
          </div>
        ) : null}
        <div className="admin-orders__scroll">
          <table className="admin-table two-step__sessions">
            <caption className="visually-hidden">Your sessions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Address</th>
                <th scope="col">Browser</th>
                <th scope="col">
                  <span className="visually-hidden">End</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {account.sessions.map((session) => (
                <tr key={session.number}>
                  <th scope="row">
                    <time dateTime={session.started_at}>{dates.format(new Date(session.started_at))}</time>
                    {session.current ? <span className="admin-order__note">This session</span> : null}
                  </th>
                  <td>{session.address || "Unknown"}</td>
                  <td className="two-step__device">{session.device || "Unknown"}</td>
                  <td>
                    <Form method="post" action={PAGE}>
                      <input type="hidden" name="session" value={session.number} />
                      <button className="admin-button admin-button--quiet" type="submit" name="intent" value="end">
                        {session.current ? "Log out here" : <>End<span className="visually-hidden"> the session from {dates.format(new Date(session.started_at))}</span></>}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="admin-order__section" aria-labelledby="password">
        <h2 className="admin-order__subtitle" id="password">
          Change your password
        </h2>
        <Form className="admin-cancel" method="post" action={PAGE}>
          <ErrorSummary problem={problemFor("password")} labels={{ current_password: "Current password", new_password: "New password" }} />
          <AccountField name="current_password" field="current_password" label="Current password" type="password" autoComplete="current-password" problem={problemFor("password")} />
          <AccountField
            name="new_password"
            field="new_password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. Every other session ends.`}
            problem={problemFor("password")}
            minLength={STAFF_PASSWORD_MIN_LENGTH}
            maxLength={STAFF_PASSWORD_MAX_LENGTH}
          />
          <SubmitButton label="Change password" busyLabel="Changing…" action={PAGE} name="intent" value="password" className="admin-button" />
        </Form>
      </section>
    </>
  );
}

type ProblemFor = (...intents: string[]) => AdminProblem | null;

/** The member's passkeys: each listed with its last use and a way to remove it (password needed), and a form to add one. */
function PasskeysSection({ passkeys, dates, problemFor }: { passkeys: Route.ComponentProps["loaderData"]["account"]["passkeys"]; dates: Intl.DateTimeFormat; problemFor: ProblemFor }) {
  return (
    <section className="admin-order__section" aria-labelledby="passkeys">
      <h2 className="admin-order__subtitle" id="passkeys">
        Passkeys
      </h2>
      <p>A passkey lives on your phone, computer or security key and is unlocked with your fingerprint, face or screen lock. After your password, it can be your second step instead of the app's code.</p>
      {passkeys.length ? (
        <>
          <ErrorSummary problem={problemFor("remove-passkey")} labels={{ remove_password: "Password" }} />
          <Form method="post" action={PAGE}>
            <input type="hidden" name="intent" value="remove-passkey" />
            <AccountField name="remove_password" field="remove_password" label="Password" type="password" autoComplete="current-password" hint="Your password, to remove a passkey." problem={problemFor("remove-passkey")} />
            <div className="admin-orders__scroll">
              <table className="admin-table">
                <caption className="visually-hidden">Your passkeys</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Added</th>
                    <th scope="col">Last used</th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {passkeys.map((passkey) => (
                    <tr key={passkey.number}>
                      <th scope="row">{passkey.name}</th>
                      <td>
                        <time dateTime={passkey.created_at}>{dates.format(new Date(passkey.created_at))}</time>
                      </td>
                      <td>{passkey.last_used_at ? <time dateTime={passkey.last_used_at}>{dates.format(new Date(passkey.last_used_at))}</time> : "Not yet"}</td>
                      <td>
                        <button className="admin-button admin-button--quiet" type="submit" name="number" value={passkey.number}>
                          Remove<span className="visually-hidden"> {passkey.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Form>
        </>
      ) : (
        <p>You have no passkeys yet.</p>
      )}
      <h3 className="passkeys__or">Add a passkey</h3>
      <ErrorSummary problem={problemFor("add-passkey")} labels={{ passkey_name: "Passkey name", passkey_password: "Password", passkey: "Passkey" }} />
      <PasskeyForm mode="add" optionsUrl={`${PAGE}/passkey-options`} action={PAGE} intent="add-passkey" label="Add a passkey" busyLabel="Waiting for your passkey…" className="admin-button">
        <AccountField name="passkey_name" field="passkey_name" label="Passkey name" autoComplete="off" hint="Such as the device it is on: “Work laptop”." problem={problemFor("add-passkey")} maxLength={60} />
        <AccountField name="passkey_password" field="passkey_password" label="Password" type="password" autoComplete="current-password" hint="Your password, to add a passkey." problem={problemFor("add-passkey")} />
      </PasskeyForm>
    </section>
  );
}
